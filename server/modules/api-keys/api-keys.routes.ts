import { Hono } from 'hono';
import {
  batchDeleteApiKeysRequestSchema,
  createApiKeyRequestSchema,
  updateApiKeyRequestSchema,
} from '@shared/api/api-key.schema';
import type { AppEnv } from '../../app-env';
import { envelopeResponse, ok } from '../../lib/envelope';
import { readJson } from '../../lib/read-json';
import type { ApiKeyAdminService } from './api-key-admin.service';
import { requireAdmin } from '../auth/auth-guard';

export function apiKeysRoutes(keys: ApiKeyAdminService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/admin/api-keys', async (c) => ok(await keys.list(requireAdmin(c.get('auth')))));

  app.post('/admin/api-keys', async (c) => {
    const auth = requireAdmin(c.get('auth'));
    const input = await readJson(c.req, createApiKeyRequestSchema);
    return envelopeResponse(201, 'API key created; the key is shown only once', await keys.create(auth, input));
  });

  app.post('/admin/api-keys/batch-delete', async (c) => {
    const auth = requireAdmin(c.get('auth'));
    const { ids } = await readJson(c.req, batchDeleteApiKeysRequestSchema);
    return ok(await keys.batchDelete(auth, ids), 'API keys deleted');
  });

  app.put('/admin/api-keys/:id', async (c) => {
    const auth = requireAdmin(c.get('auth'));
    const input = await readJson(c.req, updateApiKeyRequestSchema);
    return ok(await keys.update(auth, c.req.param('id'), input), 'API key updated');
  });

  app.delete('/admin/api-keys/:id', async (c) => {
    await keys.delete(requireAdmin(c.get('auth')), c.req.param('id'));
    return ok(null, 'API key deleted');
  });

  return app;
}
