import { Hono } from 'hono';
import { getHealth, getVersion } from '@shared/api/system.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import type { SystemService } from './system.service';

export function systemRoutes(system: SystemService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, getHealth, () => system.health());
  route(app, getVersion, () => system.version());
  return app;
}
