// The admin dashboard's one call: counts, storage use per config, cache hit rates and the last
// seven days of activity.
import { defineEndpoint } from '@shared/http/endpoint';
import { dashboardStatsSchema } from './dashboard.schema';

export const getDashboardStats = defineEndpoint({
  id: 'dashboard.stats',
  method: 'GET',
  path: '/admin/dashboard/stats',
  summary: 'Counts, storage use, cache hit rates and seven days of activity',
  tag: 'dashboard',
  access: 'admin',
  reply: dashboardStatsSchema,
  errors: [],
});
