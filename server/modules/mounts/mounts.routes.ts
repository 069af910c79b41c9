import { Hono } from 'hono';
import { createMount, deleteMount, getMount, listMounts, updateMount } from '@shared/api/mounts.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import type { MountService } from './mount.service';

export function mountsRoutes(mounts: MountService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, listMounts, ({ auth }) => mounts.list(auth));
  route(app, createMount, ({ auth, body }) => mounts.create(auth, body));
  route(app, getMount, ({ auth, params }) => mounts.get(auth, params.id));
  route(app, updateMount, ({ auth, params, body }) => mounts.update(auth, params.id, body));
  route(app, deleteMount, async ({ auth, params }) => {
    await mounts.delete(auth, params.id);
    return null;
  });

  return app;
}
