import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { blobCorsHeaders, type LocalBlobEndpoint } from '../storage/local-blob-endpoint';
import { webBody } from '../storage/http-stream';

const preflightHeaders = {
  ...blobCorsHeaders,
  'access-control-allow-methods': 'GET, HEAD, PUT',
  'access-control-allow-headers': 'content-type, range',
  'access-control-max-age': '3600',
};

/** The local driver's presigned URLs; the signature in the query is the only credential. */
export function blobRoutes(blobs: LocalBlobEndpoint): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const query = (url: string) => new URL(url).searchParams;

  app.options('/blob/:configId', () => new Response(null, { status: 204, headers: preflightHeaders }));

  app.put('/blob/:configId', async (c) => {
    const { etag } = await blobs.put(c.req.param('configId'), query(c.req.url), c.env.incoming, c.req.header('content-length'));
    return new Response(null, { status: 200, headers: { ...blobCorsHeaders, etag } });
  });

  app.get('/blob/:configId', async (c) => {
    const result = await blobs.get(c.req.param('configId'), query(c.req.url), c.req.header('range'), c.req.method === 'HEAD');
    return new Response(result.body === null ? null : webBody(result.body), { status: result.status, headers: result.headers });
  });

  return app;
}
