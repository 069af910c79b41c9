import { Hono } from 'hono';
import {
  batchDeleteApiKeys,
  createApiKey,
  deleteApiKey,
  listApiKeys,
  updateApiKey,
} from '@shared/api/api-keys.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import type { ApiKeyAdminService } from './api-key-admin.service';

export function apiKeysRoutes(keys: ApiKeyAdminService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, listApiKeys, ({ auth }) => keys.list(auth));
  route(app, createApiKey, ({ auth, body }) => keys.create(auth, body));
  route(app, batchDeleteApiKeys, ({ auth, body }) => keys.batchDelete(auth, body.ids));
  route(app, updateApiKey, ({ auth, params, body }) => keys.update(auth, params.id, body));
  route(app, deleteApiKey, async ({ auth, params }) => {
    await keys.delete(auth, params.id);
    return null;
  });

  return app;
}
