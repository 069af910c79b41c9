import { Hono } from 'hono';
import { clearCache, clearVisibleCache, getCacheStats } from '@shared/api/cache.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import type { CacheService } from './cache.service';

export function cacheRoutes(cache: CacheService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, getCacheStats, ({ auth }) => cache.stats(auth));
  route(app, clearCache, ({ auth, body, idempotent }) => cache.clearAsAdmin(auth, body, idempotent));
  route(app, clearVisibleCache, ({ auth, body }) => cache.clearVisible(auth, body));

  return app;
}
