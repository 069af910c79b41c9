// File-share management: the same routes under /admin/files (admins only) and /user/files (admins
// and keys with file permission, which see only the shares they created).
import { Hono } from 'hono';
import { batchDeleteFilesRequestSchema, fileListQuerySchema, updateFileRequestSchema } from '@shared/api/file-share.schema';
import type { AppEnv } from '../../app-env';
import { ok } from '../../lib/envelope';
import { readJson } from '../../lib/read-json';
import { requestOrigin } from '../../lib/signed-url';
import { requireAdmin, requireAdminOrKeyPermission } from '../auth/auth-guard';
import type { AdminAuth, ApiKeyAuth, Auth } from '../auth/auth.types';
import type { FileShareService } from './file-share.service';

function fileManagementRoutes(shares: FileShareService, prefix: '/admin/files' | '/user/files', trustProxy: boolean): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const caller = (auth: Auth): AdminAuth | ApiKeyAuth => (prefix === '/admin/files' ? requireAdmin(auth) : requireAdminOrKeyPermission(auth, 'file'));

  app.get(prefix, async (c) => ok(await shares.list(caller(c.get('auth')), fileListQuerySchema.parse(c.req.query()))));
  app.get(`${prefix}/:id`, async (c) => ok(await shares.get(caller(c.get('auth')), c.req.param('id'), requestOrigin(c, trustProxy))));

  app.put(`${prefix}/:id`, async (c) => {
    const who = caller(c.get('auth'));
    return ok(await shares.update(who, c.req.param('id'), await readJson(c.req, updateFileRequestSchema)), 'file updated');
  });

  app.delete(`${prefix}/:id`, async (c) => {
    await shares.remove(caller(c.get('auth')), c.req.param('id'));
    return ok(null, 'file deleted');
  });

  app.post(`${prefix}/batch-delete`, async (c) => {
    const who = caller(c.get('auth'));
    const { ids } = await readJson(c.req, batchDeleteFilesRequestSchema);
    return ok(await shares.removeMany(who, ids), 'files deleted');
  });

  return app;
}

export function adminFilesRoutes(shares: FileShareService, trustProxy: boolean): Hono<AppEnv> {
  return fileManagementRoutes(shares, '/admin/files', trustProxy);
}

export function userFilesRoutes(shares: FileShareService, trustProxy: boolean): Hono<AppEnv> {
  return fileManagementRoutes(shares, '/user/files', trustProxy);
}
