import { Hono } from 'hono';
import { getDashboardStats } from '@shared/api/dashboard.endpoints';
import type { AppEnv } from '../../app-env';
import { route } from '../../http/route';
import type { DashboardService } from './dashboard.service';

export function dashboardRoutes(dashboard: DashboardService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, getDashboardStats, ({ auth }) => dashboard.stats(auth));
  return app;
}
