import { Hono } from 'hono';
import { getBlob, putBlob } from '@shared/api/upload.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { webBody } from '@server/storage/http-stream';
import type { LocalBlobEndpoint } from './local-blob-endpoint';

/** The local driver's presigned URLs; the signature in the query is the only credential. CORS comes from the /api middleware. */
export function blobRoutes(blobs: LocalBlobEndpoint): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // The whole query as sent: the signature covers the exact fields.
  const query = (url: string) => new URL(url).searchParams;

  route(app, putBlob, async ({ params, c }) => {
    const { etag } = await blobs.put(params.configId, query(c.req.url), c.env.incoming, c.req.header('content-length'));
    return new Response(null, { status: 200, headers: { etag } });
  });

  route(app, getBlob, async ({ params, c }) => {
    const result = await blobs.get(params.configId, query(c.req.url), c.req.header('range'), c.req.method === 'HEAD');
    return new Response(result.body === null ? null : webBody(result.body), {
      status: result.status,
      headers: result.headers,
    });
  });

  return app;
}
