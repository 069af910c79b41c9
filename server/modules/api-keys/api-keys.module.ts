// The admin's API keys: create, list, edit and revoke; and the lookups sign-in and file requests use.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import { ApiKeyAdminService } from './api-key-admin.service';
import { ApiKeyLookupService } from './api-key-lookup.service';
import { apiKeysRoutes } from './api-keys.routes';

export function createApiKeysModule({ repos, clock }: { repos: Repositories; clock: Clock }): {
  routes: Hono<AppEnv>;
  lookup: ApiKeyLookupService;
} {
  return { routes: apiKeysRoutes(new ApiKeyAdminService(repos, clock)), lookup: new ApiKeyLookupService(repos) };
}
