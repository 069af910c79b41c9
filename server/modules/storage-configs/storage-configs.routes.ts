import { Hono } from 'hono';
import { applyCorsRequestSchema, createS3ConfigRequestSchema, updateStorageConfigRequestSchema } from '@shared/api/storage-config.schema';
import type { AppEnv } from '../../app-env';
import { envelopeResponse, ok } from '../../lib/envelope';
import { readJson } from '../../lib/read-json';
import { listenerOrigin } from '../../lib/signed-url';
import type { StorageConfigTestService } from './storage-config-test.service';
import type { StorageConfigService } from './storage-config.service';

export type StorageConfigRouteDeps = { configs: StorageConfigService; tests: StorageConfigTestService };

export function storageConfigsRoutes({ configs, tests }: StorageConfigRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/s3-configs', async (c) => ok(await configs.list(c.get('auth'))));
  app.get('/s3-configs/:id', async (c) => ok(await configs.get(c.get('auth'), c.req.param('id'))));

  app.post('/s3-configs', async (c) => {
    const input = await readJson(c.req, createS3ConfigRequestSchema);
    return envelopeResponse(201, 'storage config created', await configs.create(c.get('auth'), input));
  });

  app.put('/s3-configs/:id', async (c) => {
    const input = await readJson(c.req, updateStorageConfigRequestSchema);
    return ok(await configs.update(c.get('auth'), c.req.param('id'), input), 'storage config updated');
  });

  app.delete('/s3-configs/:id', async (c) => {
    await configs.remove(c.get('auth'), c.req.param('id'));
    return ok(null, 'storage config deleted');
  });

  app.put('/s3-configs/:id/set-default', async (c) => ok(await configs.setDefault(c.get('auth'), c.req.param('id')), 'default storage set'));

  app.post('/s3-configs/:id/test', async (c) => {
    const result = await tests.test(c.get('auth'), c.req.param('id'), c.req.header('origin'), listenerOrigin(c));
    return ok(result, result.success ? 'all checks passed' : 'some checks failed');
  });

  app.post('/s3-configs/:id/apply-cors', async (c) => {
    const { origin } = await readJson(c.req, applyCorsRequestSchema);
    return ok(await tests.applyCors(c.get('auth'), c.req.param('id'), origin), 'CORS rule applied');
  });

  return app;
}
