import { Hono } from 'hono';
import { clearCacheRequestSchema } from '@shared/api/cache.schema';
import type { AppEnv } from '../../app-env';
import { ok } from '../../lib/envelope';
import { readJson } from '../../lib/read-json';
import { requireAdmin, requireAdminOrKeyPermission } from '../auth/auth-guard';
import type { CacheService } from './cache.service';

export function cacheRoutes(cache: CacheService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/admin/cache/stats', (c) => ok(cache.stats(requireAdmin(c.get('auth')))));

  app.post('/admin/cache/clear', async (c) => {
    const auth = requireAdmin(c.get('auth'));
    const input = await readJson(c.req, clearCacheRequestSchema);
    return ok(await cache.clearAsAdmin(auth, input), 'cache cleared');
  });

  app.post('/user/cache/clear', async (c) => {
    const auth = requireAdminOrKeyPermission(c.get('auth'), 'mount');
    const input = await readJson(c.req, clearCacheRequestSchema);
    return ok(await cache.clearVisible(auth, input), 'cache cleared');
  });

  return app;
}
