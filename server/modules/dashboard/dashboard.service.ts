import { ACTIVITY_DAYS, type ActivityDay, type DashboardStats } from '@shared/api/dashboard.schema';
import type { Repositories } from '@server/db/repositories';
import type { DashboardRepo, DayCountRow } from './dashboard.repo';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import type { Clock } from '@server/lib/clock';
import type { ProxyNotice } from '@server/middleware/proxy-notice.middleware';
import type { AdminAuth } from '@server/modules/auth/auth.types';

const dayMs = 24 * 60 * 60 * 1000;

/** The admin dashboard: totals, storage use per config, cache hit rates, 7 days of activity. */
export class DashboardService {
  private readonly repo: DashboardRepo;

  constructor(
    repos: Pick<Repositories, 'dashboard'>,
    private readonly clock: Clock,
    private readonly caches: CacheRegistry,
    private readonly proxyNotice: ProxyNotice,
    private readonly thumbnailQueue: () => Promise<number> = async () => 0,
  ) {
    this.repo = repos.dashboard;
  }

  async stats(_auth: AdminAuth): Promise<DashboardStats> {
    const days = lastDays(this.clock.now(), ACTIVITY_DAYS);
    const from = days[0] ?? '';
    const [counts, usage, pastes, files, thumbnailQueue] = await Promise.all([
      this.repo.counts(),
      this.repo.storageUsage(),
      this.repo.pastesPerDay(from),
      this.repo.filesPerDay(from),
      this.thumbnailQueue(),
    ]);
    const storage = usage.map((row) => ({
      id: row.id,
      name: row.name,
      driver: row.driver,
      providerType: row.provider_type,
      usedBytes: row.used_bytes,
      quotaBytes: row.total_storage_bytes,
      fileCount: row.file_count,
      usagePercent:
        row.total_storage_bytes === null || row.total_storage_bytes <= 0
          ? null
          : Math.round((row.used_bytes / row.total_storage_bytes) * 10_000) / 100,
    }));
    const cache = this.caches.stats();
    return {
      totalPastes: counts.pastes,
      totalFiles: counts.files,
      totalApiKeys: counts.apiKeys,
      totalStorageConfigs: counts.storageConfigs,
      totalStorageUsed: storage.reduce((sum, row) => sum + row.usedBytes, 0),
      storage,
      cache: { directory: cache.directory.hitRate, s3Url: cache.s3Url.hitRate, search: cache.search.hitRate },
      activity: activity(days, pastes, files),
      notices: this.proxyNotice.seenAt === null ? [] : [{ kind: 'untrusted-proxy', since: this.proxyNotice.seenAt }],
      thumbnailQueue,
    };
  }
}

/** The last `count` UTC dates (YYYY-MM-DD), oldest first, ending today. */
function lastDays(now: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => new Date(now - (count - 1 - i) * dayMs).toISOString().slice(0, 10));
}

function activity(
  days: readonly string[],
  pastes: readonly DayCountRow[],
  files: readonly DayCountRow[],
): ActivityDay[] {
  const byDay = (rows: readonly DayCountRow[]) => new Map(rows.map((row) => [row.day, Number(row.n)]));
  const pasteCounts = byDay(pastes);
  const fileCounts = byDay(files);
  return days.map((date) => ({ date, pastes: pasteCounts.get(date) ?? 0, files: fileCounts.get(date) ?? 0 }));
}
