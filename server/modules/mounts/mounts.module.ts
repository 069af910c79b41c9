// Mounts: the admin's management of them and what a key sees of them. The explorer and WebDAV
// resolve paths through the same service.
import { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import type { Clock } from '@server/lib/clock';
import { MountService } from './mount.service';
import { mountsRoutes } from './mounts.routes';
import { userMountsRoutes } from './user-mounts.routes';

export type MountsModuleDeps = { repos: Repositories; clock: Clock; caches: CacheRegistry };

export function createMountsModule({ repos, clock, caches }: MountsModuleDeps) {
  const mounts = new MountService(repos, clock, caches);
  const routes = new Hono<AppEnv>();
  routes.route('/', mountsRoutes(mounts));
  routes.route('/', userMountsRoutes(mounts));
  return { mounts, routes };
}
