import { Hono } from 'hono';
import { getVisibleMount, listVisibleMounts } from '@shared/api/mounts.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import type { MountService } from './mount.service';

export function userMountsRoutes(mounts: MountService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, listVisibleMounts, ({ auth, query }) => mounts.listVisible(auth, query.path));
  route(app, getVisibleMount, ({ auth, params }) => mounts.getVisible(auth, params.id));
  return app;
}
