// Storage configurations: the admin's CRUD (secrets sealed, never returned) and the connection
// test, which needs the upload gate to expect its probe PUT on the local driver.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import type { Clock } from '@server/lib/clock';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { MountService } from '@server/modules/mounts/mount.service';
import { StorageConfigTestService, type ProbeGate } from './storage-config-test.service';
import { StorageConfigLookupService } from './storage-config-lookup.service';
import { StorageConfigService } from './storage-config.service';
import { storageConfigsRoutes } from './storage-configs.routes';

export type StorageConfigsModuleDeps = {
  repos: Repositories;
  mounts: MountService;
  clock: Clock;
  storage: StorageRegistry;
  caches: CacheRegistry;
};

export function createStorageConfigsModule({ repos, mounts, clock, storage, caches }: StorageConfigsModuleDeps) {
  const configs = new StorageConfigService(repos, mounts, clock, storage.deps.box, storage, caches);
  return {
    configs,
    lookup: new StorageConfigLookupService(repos),
    routes: (gate: ProbeGate): Hono<AppEnv> =>
      storageConfigsRoutes({ configs, tests: new StorageConfigTestService(configs, storage, gate) }),
  };
}
