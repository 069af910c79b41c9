import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { ok } from '../../lib/envelope';
import type { SystemService } from './system.service';

export function systemRoutes(system: SystemService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/health', async () => ok(await system.health()));
  app.get('/version', () => ok(system.version()));
  return app;
}
