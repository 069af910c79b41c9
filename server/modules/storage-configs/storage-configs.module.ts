// Storage configurations: the admin's CRUD (secrets sealed, never returned) and the connection
// test, which needs the upload gate to expect its probe PUT on the local driver.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import type { Clock } from '@server/lib/clock';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { UploadGate } from '@server/modules/uploads/upload-gate';
import { StorageConfigTestService } from './storage-config-test.service';
import { StorageConfigService } from './storage-config.service';
import { storageConfigsRoutes } from './storage-configs.routes';

export type StorageConfigsModuleDeps = {
  repos: Repositories;
  clock: Clock;
  storage: StorageRegistry;
  caches: CacheRegistry;
};

export function createStorageConfigsModule({ repos, clock, storage, caches }: StorageConfigsModuleDeps) {
  const configs = new StorageConfigService(repos, clock, storage.deps.box, storage, caches);
  return {
    configs,
    routes: (gate: UploadGate): Hono<AppEnv> =>
      storageConfigsRoutes({ configs, tests: new StorageConfigTestService(configs, storage, gate) }),
  };
}
