// Health, the server's version and limits, and the API's own documentation.
import { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Config } from '@server/config';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import { docsRoutes } from './docs.routes';
import { systemRoutes } from './system.routes';
import { SystemService } from './system.service';

export type SystemModuleDeps = { repos: Repositories; clock: Clock; databaseKind: Config['database']['kind'] };

export function createSystemModule({ repos, clock, databaseKind }: SystemModuleDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.route('/', systemRoutes(new SystemService(repos, databaseKind, clock)));
  routes.route('/', docsRoutes());
  return routes;
}
