import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { ok } from '../../lib/envelope';
import { requireAdmin } from '../auth/auth-guard';
import type { DashboardService } from './dashboard.service';

export function dashboardRoutes(dashboard: DashboardService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/admin/dashboard/stats', async (c) => ok(await dashboard.stats(requireAdmin(c.get('auth')))));
  return app;
}
