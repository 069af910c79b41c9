import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { ok } from '../../lib/envelope';
import { requestOrigin } from '../../lib/signed-url';
import type { PublicFileService } from './public-file.service';

export function officePreviewRoutes(files: PublicFileService, trustProxy: boolean): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/office-preview/:slug', async (c) =>
    ok(await files.officePreview(c.req.param('slug'), c.req.query('provider'), c.req.query('token'), requestOrigin(c, trustProxy))),
  );
  return app;
}
