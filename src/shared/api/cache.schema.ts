// Wire contract of the in-process caches: statistics for the admin and clearing by
// mount, by storage config or everything (a key only ever clears mounts it can see).
import * as z from 'zod/mini';

export const cacheNames = ['directory', 's3Url', 'search'] as const;
export type CacheName = (typeof cacheNames)[number];

export const cacheCountersSchema = z.object({
  hits: z.number().check(z.int(), z.nonnegative()),
  misses: z.number().check(z.int(), z.nonnegative()),
  /** Lookups that found an entry past its TTL (also counted as misses). */
  expired: z.number().check(z.int(), z.nonnegative()),
  /** Entries removed by a clear or a write to the data they described. */
  invalidations: z.number().check(z.int(), z.nonnegative()),
  size: z.number().check(z.int(), z.nonnegative()),
  /** hits / (hits + misses), from 0 to 1; 0 before the first lookup. */
  hitRate: z.number().check(z.gte(0), z.lte(1)),
});
export type CacheCounters = z.infer<typeof cacheCountersSchema>;

export const cacheStatsSchema = z.object({
  caches: z.object({ directory: cacheCountersSchema, s3Url: cacheCountersSchema, search: cacheCountersSchema }),
  system: z.object({
    rssMb: z.number().check(z.nonnegative()),
    heapUsedMb: z.number().check(z.nonnegative()),
    uptimeSeconds: z.number().check(z.nonnegative()),
  }),
});
export type CacheStats = z.infer<typeof cacheStatsSchema>;

/** `{mountId}`, `{storageConfigId}` or `{}` for everything the caller may clear. */
export const clearCacheRequestSchema = z
  .object({
    mountId: z.optional(z.string().check(z.minLength(1))),
    storageConfigId: z.optional(z.string().check(z.minLength(1))),
  })
  .check(
    z.refine((v) => v.mountId === undefined || v.storageConfigId === undefined, {
      message: 'send mountId or storageConfigId, not both',
      path: ['storageConfigId'],
    }),
  );
export type ClearCacheRequest = z.infer<typeof clearCacheRequestSchema>;

export const clearCacheResultSchema = z.object({ cleared: z.number().check(z.int(), z.nonnegative()) });
export type ClearCacheResult = z.infer<typeof clearCacheResultSchema>;
