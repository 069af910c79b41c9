import { Hono } from 'hono';
import { pasteIdsInputSchema, pastePageQuerySchema, pasteUpdateInputSchema } from '@shared/api/paste.schema';
import type { AppEnv } from '../../app-env';
import { ok } from '../../lib/envelope';
import { readJson } from '../../lib/read-json';
import { requireAdmin } from '../auth/auth-guard';
import type { PasteManageService } from './paste-manage.service';
import { pasteBodyLimit } from './paste.routes';

/** /api/admin/pastes: the admin manages every paste. */
export function adminPastesRoutes(manage: PasteManageService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/admin/pastes/*', async (c, next) => {
    requireAdmin(c.get('auth'));
    await next();
  });

  app.get('/admin/pastes', async (c) => ok(await manage.page('all', pastePageQuerySchema.parse(c.req.query()))));
  app.post('/admin/pastes/batch-delete', async (c) => {
    const { ids } = await readJson(c.req, pasteIdsInputSchema);
    return ok(await manage.removeMany('all', ids));
  });
  app.post('/admin/pastes/clear-expired', async () => ok(await manage.clearExpired()));
  app.get('/admin/pastes/:id', async (c) => ok(await manage.get('all', c.req.param('id'))));
  app.put('/admin/pastes/:id', pasteBodyLimit, async (c) => {
    const input = await readJson(c.req, pasteUpdateInputSchema);
    return ok(await manage.update('all', c.req.param('id'), input));
  });
  app.delete('/admin/pastes/:id', async (c) => ok(await manage.remove('all', c.req.param('id'))));
  return app;
}
