// Wire contract of GET /admin/dashboard/stats: counts, storage use per config, cache
// hit rates and the last seven UTC days of activity, oldest first and zero-filled.
import * as z from 'zod/mini';

const count = z.number().check(z.int(), z.nonnegative());

export const storageUsageSchema = z.object({
  id: z.string(),
  name: z.string(),
  driver: z.enum(['local', 's3']),
  providerType: z.string(),
  /** SUM(size) of committed files stored with this config. */
  usedBytes: count,
  quotaBytes: z.nullable(count),
  fileCount: count,
  /** usedBytes / quotaBytes × 100 with two decimals; null without a quota. */
  usagePercent: z.nullable(z.number().check(z.nonnegative())),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

export const activityDaySchema = z.object({
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  pastes: count,
  files: count,
});
export type ActivityDay = z.infer<typeof activityDaySchema>;

export const ACTIVITY_DAYS = 7;

/** Something about the server's setup the admin should fix; `since` is when it was first seen. */
export const dashboardNoticeSchema = z.object({ kind: z.enum(['untrusted-proxy']), since: z.string() });
export type DashboardNotice = z.infer<typeof dashboardNoticeSchema>;

export const dashboardStatsSchema = z.object({
  totalPastes: count,
  totalFiles: count,
  totalApiKeys: count,
  totalStorageConfigs: count,
  totalStorageUsed: count,
  storage: z.array(storageUsageSchema),
  /** Hit rates from 0 to 1. */
  cache: z.object({
    directory: z.number().check(z.gte(0), z.lte(1)),
    s3Url: z.number().check(z.gte(0), z.lte(1)),
    search: z.number().check(z.gte(0), z.lte(1)),
  }),
  activity: z.array(activityDaySchema).check(z.length(ACTIVITY_DAYS)),
  notices: z.array(dashboardNoticeSchema),
  /** Images waiting for the server to make their thumbnails (queued or being made). */
  thumbnailQueue: count,
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
