// The server calls of the dashboard: its statistics, and emptying every cache.
import { useCallback } from 'react';
import type { ClearCacheResult } from '@shared/api/cache.schema';
import { clearCache } from '@shared/api/cache.endpoints';
import { getDashboardStats } from '@shared/api/dashboard.endpoints';
import type { DashboardStats } from '@shared/api/dashboard.schema';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useResource, type Resource } from '@ui/lib/use-resource';

export function useDashboardStats(): Resource<DashboardStats> {
  const api = useApiClient();
  return useResource(useCallback((signal: AbortSignal) => api.call(getDashboardStats, { signal }), [api]));
}

/** Clears every cache the admin has (`{}`: no mount or storage config named). */
export function useClearCaches(): () => Promise<ClearCacheResult> {
  const api = useApiClient();
  return useCallback(() => api.call(clearCache, { body: {} }), [api]);
}
