import {
  cacheStatsSchema,
  clearCacheResultSchema,
  type CacheStats,
  type ClearCacheRequest,
  type ClearCacheResult,
} from '@shared/api/cache.schema';
import type { ApiClient } from '../api-client';

export function getCacheStats(api: ApiClient, signal?: AbortSignal): Promise<CacheStats> {
  return api.request('/admin/cache/stats', { schema: cacheStatsSchema, signal });
}

export function clearCache(api: ApiClient, body: ClearCacheRequest = {}, signal?: AbortSignal): Promise<ClearCacheResult> {
  return api.request('/admin/cache/clear', { method: 'POST', body, schema: clearCacheResultSchema, signal });
}
