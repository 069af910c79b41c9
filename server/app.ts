// The composition root: builds services from the injected database, clock and logger, then
// mounts middleware and routes. No I/O happens here beyond checking the static folder exists.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from './app-env';
import type { Config } from './config';
import type { Database } from './db/schema';
import { systemClock, type Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import { authenticate } from './middleware/auth.middleware';
import { handleError, notFound } from './middleware/error.middleware';
import { requestId } from './middleware/request-id.middleware';
import { requestLog } from './middleware/request-log.middleware';
import { staticSite } from './middleware/static-site.middleware';
import { adminAuthRoutes } from './routes/admin-auth.routes';
import { apiKeyAuthRoutes } from './routes/api-key-auth.routes';
import { systemRoutes } from './routes/system.routes';
import { AdminAccountService } from './services/admin-account.service';
import { AdminSessionService } from './services/admin-session.service';
import { ApiKeyAuthService } from './services/api-key-auth.service';
import { createAuthLimiters } from './services/auth-limits';
import { SystemService } from './services/system.service';

export const defaultStaticDir = fileURLToPath(new URL('../dist', import.meta.url));

export type AppDeps = {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  clock?: Clock;
  /** The built web app; defaults to <repo>/dist. Missing means API only. */
  staticDir?: string;
};

export function createApp({ db, config, logger, clock = systemClock, staticDir = defaultStaticDir }: AppDeps): Hono<AppEnv> {
  const limiters = createAuthLimiters(clock);
  const sessions = new AdminSessionService(db, clock, limiters);
  const accounts = new AdminAccountService(db, clock, limiters);
  const apiKeys = new ApiKeyAuthService(db, clock, limiters);
  const system = new SystemService(db, config.database.kind, clock);
  const { trustProxy } = config;

  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(requestLog(logger));
  app.use('/api/*', authenticate({ sessions, apiKeys, trustProxy }));

  app.route('/api', systemRoutes(system));
  app.route('/api', adminAuthRoutes({ sessions, accounts, trustProxy }));
  app.route('/api', apiKeyAuthRoutes(apiKeys));

  if (existsSync(staticDir)) app.use(staticSite(staticDir));
  else logger.warn('web app not built: serving the API only', { staticDir });

  app.notFound(notFound);
  app.onError(handleError(logger));
  return app;
}
