// The admin's dashboard: counts, storage use, the proxy notice and the thumbnail queue.
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import type { Clock } from '@server/lib/clock';
import type { ProxyNotice } from '@server/middleware/proxy-notice.middleware';
import { dashboardRoutes } from './dashboard.routes';
import { DashboardService } from './dashboard.service';

export type DashboardModuleDeps = {
  repos: Repositories;
  clock: Clock;
  caches: CacheRegistry;
  proxyNotice: ProxyNotice;
  pendingThumbnails: () => Promise<number>;
};

export function createDashboardModule(deps: DashboardModuleDeps): Hono<AppEnv> {
  const { repos, clock, caches, proxyNotice, pendingThumbnails } = deps;
  return dashboardRoutes(new DashboardService(repos, clock, caches, proxyNotice, pendingThumbnails));
}
