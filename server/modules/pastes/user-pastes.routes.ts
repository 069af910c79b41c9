import { Hono } from 'hono';
import { pasteIdsInputSchema, pasteOffsetQuerySchema, pasteUpdateInputSchema } from '@shared/api/paste.schema';
import type { AppEnv } from '../../app-env';
import { ok } from '../../lib/envelope';
import { readJson } from '../../lib/read-json';
import type { Auth } from '../auth/auth.types';
import { ownerFilterOf, requireTextAccess } from './paste-access.service';
import type { PasteManageService } from './paste-manage.service';
import { pasteBodyLimit } from './paste.routes';

const ownersOf = (auth: Auth) => ownerFilterOf(requireTextAccess(auth));

/** /api/user/pastes: an API key with text permission manages the pastes it created. */
export function userPastesRoutes(manage: PasteManageService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/user/pastes', async (c) => ok(await manage.slice(ownersOf(c.get('auth')), pasteOffsetQuerySchema.parse(c.req.query()))));
  app.post('/user/pastes/batch-delete', async (c) => {
    const owners = ownersOf(c.get('auth'));
    return ok(await manage.removeMany(owners, (await readJson(c.req, pasteIdsInputSchema)).ids));
  });
  app.get('/user/pastes/:id', async (c) => ok(await manage.get(ownersOf(c.get('auth')), c.req.param('id'))));
  app.put('/user/pastes/:id', pasteBodyLimit, async (c) => {
    const owners = ownersOf(c.get('auth'));
    return ok(await manage.update(owners, c.req.param('id'), await readJson(c.req, pasteUpdateInputSchema)));
  });
  app.delete('/user/pastes/:id', async (c) => ok(await manage.remove(ownersOf(c.get('auth')), c.req.param('id'))));
  return app;
}
