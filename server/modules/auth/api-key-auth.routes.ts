import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { ok } from '../../lib/envelope';
import type { ApiKeyAuthService } from './api-key-auth.service';
import { requireApiKey } from './auth-guard';

export function apiKeyAuthRoutes(apiKeys: ApiKeyAuthService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/test/api-key', (c) => ok(apiKeys.describe(requireApiKey(c.get('auth'))), 'API key valid'));
  return app;
}
