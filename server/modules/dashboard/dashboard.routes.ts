import { Hono } from 'hono';
import { getDashboardStats } from '@shared/api/dashboard.endpoints';
import type { AppEnv } from '@server/app-env';
import { route } from '@server/http/route';
import type { DashboardService } from './dashboard.service';

export function dashboardRoutes(dashboard: DashboardService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, getDashboardStats, ({ auth }) => dashboard.stats(auth));
  return app;
}
