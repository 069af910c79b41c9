// Cache clears by the admin and by keys, told to every instance over the bus.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import type { Clock } from '@server/lib/clock';
import type { IdempotencyStore } from '@server/modules/idempotency/idempotency';
import type { MountService } from '@server/modules/mounts/mount.service';
import { cacheRoutes } from './cache.routes';
import { CacheService } from './cache.service';

export type CacheModuleDeps = {
  repos: Repositories;
  clock: Clock;
  caches: CacheRegistry;
  mounts: MountService;
  idempotency: IdempotencyStore;
};

export function createCacheModule({ repos, clock, caches, mounts, idempotency }: CacheModuleDeps): Hono<AppEnv> {
  return cacheRoutes(new CacheService(repos, caches, mounts, clock, idempotency));
}
