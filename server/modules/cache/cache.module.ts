// Cache clears by the admin and by keys, told to every instance over the bus.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import type { IdempotencyStore } from '@server/modules/idempotency/idempotency.service';
import type { MountService } from '@server/modules/mounts/mount.service';
import { cacheRoutes } from './cache.routes';
import { CacheService } from './cache.service';

export type CacheModuleDeps = {
  caches: CacheRegistry;
  mounts: MountService;
  idempotency: IdempotencyStore;
};

export function createCacheModule({ caches, mounts, idempotency }: CacheModuleDeps): Hono<AppEnv> {
  return cacheRoutes(new CacheService(caches, mounts, idempotency));
}
