import { Hono } from 'hono';
import { createMountRequestSchema, updateMountRequestSchema } from '@shared/api/mount.schema';
import type { AppEnv } from '../../app-env';
import { envelopeResponse, ok } from '../../lib/envelope';
import { readJson } from '../../lib/read-json';
import { requireAdmin } from '../auth/auth-guard';
import type { MountService } from './mount.service';

export function mountsRoutes(mounts: MountService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/admin/mounts', async (c) => ok(await mounts.list(requireAdmin(c.get('auth')))));

  app.post('/admin/mounts', async (c) => {
    const auth = requireAdmin(c.get('auth'));
    const input = await readJson(c.req, createMountRequestSchema);
    return envelopeResponse(201, 'mount created', await mounts.create(auth, input));
  });

  app.get('/admin/mounts/:id', async (c) => ok(await mounts.get(requireAdmin(c.get('auth')), c.req.param('id'))));

  app.put('/admin/mounts/:id', async (c) => {
    const auth = requireAdmin(c.get('auth'));
    const input = await readJson(c.req, updateMountRequestSchema);
    return ok(await mounts.update(auth, c.req.param('id'), input), 'mount updated');
  });

  app.delete('/admin/mounts/:id', async (c) => {
    await mounts.delete(requireAdmin(c.get('auth')), c.req.param('id'));
    return ok(null, 'mount deleted');
  });

  return app;
}
