import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { LocalBlobEndpoint } from './local-blob-endpoint';
import { webBody } from '../../storage/http-stream';

/** The local driver's presigned URLs; the signature in the query is the only credential. CORS comes from the /api middleware. */
export function blobRoutes(blobs: LocalBlobEndpoint): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const query = (url: string) => new URL(url).searchParams;

  app.put('/blob/:configId', async (c) => {
    const { etag } = await blobs.put(c.req.param('configId'), query(c.req.url), c.env.incoming, c.req.header('content-length'));
    return new Response(null, { status: 200, headers: { etag } });
  });

  app.get('/blob/:configId', async (c) => {
    const result = await blobs.get(c.req.param('configId'), query(c.req.url), c.req.header('range'), c.req.method === 'HEAD');
    return new Response(result.body === null ? null : webBody(result.body), { status: result.status, headers: result.headers });
  });

  return app;
}
