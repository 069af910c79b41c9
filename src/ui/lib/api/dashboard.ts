import { dashboardStatsSchema, type DashboardStats } from '@shared/api/dashboard.schema';
import type { ApiClient } from '../api-client';

export function getDashboardStats(api: ApiClient, signal?: AbortSignal): Promise<DashboardStats> {
  return api.request('/admin/dashboard/stats', { schema: dashboardStatsSchema, signal });
}
