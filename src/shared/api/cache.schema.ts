// Wire contract of the in-process caches: statistics for the admin and clearing by
// mount, by storage config or everything (a key only ever clears mounts it can see).
import { z } from 'zod';

export const cacheNames = ['directory', 's3Url', 'search'] as const;
export type CacheName = (typeof cacheNames)[number];

export const cacheCountersSchema = z.object({
  hits: z.number().int().nonnegative(),
  misses: z.number().int().nonnegative(),
  /** Lookups that found an entry past its TTL (also counted as misses). */
  expired: z.number().int().nonnegative(),
  /** Entries removed by a clear or a write to the data they described. */
  invalidations: z.number().int().nonnegative(),
  size: z.number().int().nonnegative(),
  /** hits / (hits + misses), from 0 to 1; 0 before the first lookup. */
  hitRate: z.number().min(0).max(1),
});
export type CacheCounters = z.infer<typeof cacheCountersSchema>;

export const cacheStatsSchema = z.object({
  caches: z.object({ directory: cacheCountersSchema, s3Url: cacheCountersSchema, search: cacheCountersSchema }),
  system: z.object({ rssMb: z.number().nonnegative(), heapUsedMb: z.number().nonnegative(), uptimeSeconds: z.number().nonnegative() }),
});
export type CacheStats = z.infer<typeof cacheStatsSchema>;

/** `{mountId}`, `{storageConfigId}` or `{}` for everything the caller may clear. */
export const clearCacheRequestSchema = z
  .object({
    mountId: z.string().min(1).optional(),
    storageConfigId: z.string().min(1).optional(),
  })
  .refine((v) => v.mountId === undefined || v.storageConfigId === undefined, {
    message: 'send mountId or storageConfigId, not both',
    path: ['storageConfigId'],
  });
export type ClearCacheRequest = z.infer<typeof clearCacheRequestSchema>;

export const clearCacheResultSchema = z.object({ cleared: z.number().int().nonnegative() });
export type ClearCacheResult = z.infer<typeof clearCacheResultSchema>;
