// The admin's API keys: create, list, edit and revoke.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import { ApiKeyAdminService } from './api-key-admin.service';
import { apiKeysRoutes } from './api-keys.routes';

export function createApiKeysModule({ repos, clock }: { repos: Repositories; clock: Clock }): Hono<AppEnv> {
  return apiKeysRoutes(new ApiKeyAdminService(repos, clock));
}
