import { Hono, type Context } from 'hono';
import { verifyFilePasswordRequestSchema } from '@shared/api/file-share.schema';
import type { AppEnv } from '../../app-env';
import { ok } from '../../lib/envelope';
import { readJson } from '../../lib/read-json';
import { requestOrigin } from '../../lib/signed-url';
import { clientIp } from '../../middleware/client-ip';
import type { FileDeliveryService } from './public-file-delivery.service';
import type { PublicFileService } from './public-file.service';
import { webBody } from '../../storage/http-stream';

export type PublicFileRouteDeps = { files: PublicFileService; delivery: FileDeliveryService; trustProxy: boolean };

export function publicFilesRoutes({ files, delivery, trustProxy }: PublicFileRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/public/files/:slug', async (c) => ok(await files.info(c.req.param('slug'), requestOrigin(c, trustProxy))));

  app.post('/public/files/:slug/verify', async (c) => {
    const { password } = await readJson(c.req, verifyFilePasswordRequestSchema);
    return ok(await files.verify(c.req.param('slug'), password, clientIp(c, trustProxy), requestOrigin(c, trustProxy)), 'password verified');
  });

  const serve = (mode: 'view' | 'download') => async (c: Context<AppEnv>) => {
    const { slug = '' } = c.req.param();
    const origin = requestOrigin(c, trustProxy);
    const result = await delivery.deliver({ slug, mode, token: c.req.query('token'), range: c.req.header('range'), headOnly: c.req.method === 'HEAD', origin });
    if (result.kind === 'redirect') return new Response(null, { status: 302, headers: { location: result.url, 'cache-control': 'no-store' } });
    return new Response(result.body === null ? null : webBody(result.body), { status: result.status, headers: result.headers });
  };
  app.get('/file-view/:slug', serve('view'));
  app.get('/file-download/:slug', serve('download'));

  return app;
}
