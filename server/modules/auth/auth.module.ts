// The sign-in doors: the admin's session (login, logout, password change) and API-key sign-in,
// with the attempt limits they share. The authentication middleware reads the same services.
import { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import type { LimiterFactory } from '@server/lib/rate-limiter';
import type { ApiKeyLookupService } from '@server/modules/api-keys/api-key-lookup.service';
import { AdminAccountService } from './admin-account.service';
import { adminAuthRoutes } from './admin-auth.routes';
import { AdminSessionService } from './admin-session.service';
import { apiKeyAuthRoutes } from './api-key-auth.routes';
import { ApiKeyAuthService } from './api-key-auth.service';
import { createAuthLimiters } from './auth-limits';
import { OwnerLookupService } from './owner-lookup.service';

export type AuthModuleDeps = {
  repos: Repositories;
  /** The api-keys domain's lookups: API-key sign-in and owners that are keys go through them. */
  keys: ApiKeyLookupService;
  clock: Clock;
  limiterFactory: LimiterFactory;
  trustProxy: boolean;
};

export function createAuthModule({ repos, keys, clock, limiterFactory, trustProxy }: AuthModuleDeps) {
  const limiters = createAuthLimiters(limiterFactory);
  const sessions = new AdminSessionService(repos, clock, limiters);
  const accounts = new AdminAccountService(repos, clock, limiters);
  const apiKeys = new ApiKeyAuthService(keys, clock, limiters);
  const routes = new Hono<AppEnv>();
  routes.route('/', adminAuthRoutes({ sessions, accounts, trustProxy }));
  routes.route('/', apiKeyAuthRoutes(apiKeys));
  return { sessions, apiKeys, owners: new OwnerLookupService(repos, keys), routes };
}
