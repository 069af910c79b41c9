import { Hono } from 'hono';
import { userMountsQuerySchema } from '@shared/api/mount.schema';
import type { AppEnv } from '../../app-env';
import { ok } from '../../lib/envelope';
import { requireAdminOrKeyPermission } from '../auth/auth-guard';
import type { MountService } from './mount.service';

export function userMountsRoutes(mounts: MountService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/user/mounts', async (c) => {
    const auth = requireAdminOrKeyPermission(c.get('auth'), 'mount');
    const { path } = userMountsQuerySchema.parse(c.req.query());
    return ok(await mounts.listVisible(auth, path));
  });

  app.get('/user/mounts/:id', async (c) => ok(await mounts.getVisible(requireAdminOrKeyPermission(c.get('auth'), 'mount'), c.req.param('id'))));

  return app;
}
