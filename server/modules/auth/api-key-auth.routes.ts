import { Hono } from 'hono';
import { checkApiKey } from '@shared/api/auth.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import type { ApiKeyAuthService } from './api-key-auth.service';

export function apiKeyAuthRoutes(apiKeys: ApiKeyAuthService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, checkApiKey, ({ auth }) => apiKeys.describe(auth));
  return app;
}
