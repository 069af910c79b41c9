// The sign-in doors: the admin's session (login, logout, password change) and API-key sign-in,
// with the attempt limits they share. The authentication middleware reads the same services.
import { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import type { LimiterFactory } from '@server/lib/rate-limiter';
import { AdminAccountService } from './admin-account.service';
import { adminAuthRoutes } from './admin-auth.routes';
import { AdminSessionService } from './admin-session.service';
import { apiKeyAuthRoutes } from './api-key-auth.routes';
import { ApiKeyAuthService } from './api-key-auth.service';
import { createAuthLimiters } from './auth-limits';

export type AuthModuleDeps = { repos: Repositories; clock: Clock; limiterFactory: LimiterFactory; trustProxy: boolean };

export function createAuthModule({ repos, clock, limiterFactory, trustProxy }: AuthModuleDeps) {
  const limiters = createAuthLimiters(limiterFactory);
  const sessions = new AdminSessionService(repos, clock, limiters);
  const accounts = new AdminAccountService(repos, clock, limiters);
  const apiKeys = new ApiKeyAuthService(repos, clock, limiters);
  const routes = new Hono<AppEnv>();
  routes.route('/', adminAuthRoutes({ sessions, accounts, trustProxy }));
  routes.route('/', apiKeyAuthRoutes(apiKeys));
  return { sessions, apiKeys, routes };
}
