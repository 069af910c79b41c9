// /s3-configs: keys with file permission list and read the configs they can reach; the admin
// manages, tests and fixes CORS. Access comes from the endpoint definitions.
import { Hono } from 'hono';
import {
  applyStorageCors,
  createStorageConfig,
  deleteStorageConfig,
  getStorageConfig,
  listStorageConfigs,
  setDefaultStorageConfig,
  testStorageConfig,
  updateStorageConfig,
} from '@shared/api/storage-config.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import { envelopeResponse } from '@server/lib/envelope';
import { listenerOrigin } from '@server/lib/signed-url';
import type { StorageConfigTestService } from './storage-config-test.service';
import type { StorageConfigService } from './storage-config.service';

export type StorageConfigRouteDeps = { configs: StorageConfigService; tests: StorageConfigTestService };

export function storageConfigsRoutes({ configs, tests }: StorageConfigRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, listStorageConfigs, ({ auth }) => configs.list(auth));
  route(app, getStorageConfig, ({ auth, params }) => configs.get(auth, params.id));
  route(app, createStorageConfig, ({ auth, body }) => configs.create(auth, body));
  route(app, updateStorageConfig, ({ auth, params, body }) => configs.update(auth, params.id, body));
  route(app, deleteStorageConfig, ({ params }) => configs.remove(params.id));
  route(app, setDefaultStorageConfig, ({ auth, params }) => configs.setDefault(auth, params.id));
  route(app, testStorageConfig, async ({ auth, params, c }) => {
    const result = await tests.test(auth, params.id, c.req.header('origin'), listenerOrigin(c));
    return envelopeResponse(200, result.success ? 'all checks passed' : 'some checks failed', result);
  });
  route(app, applyStorageCors, ({ auth, params, body }) => tests.applyCors(auth, params.id, body.origin));

  return app;
}
