// A named in-process cache on lru-cache (per-entry TTL, least-recently-used eviction at a size
// cap) with the counters the admin statistics show. Entries carry the mount (and storage config)
// they describe so a write or an admin clear can drop exactly those.
import { LRUCache } from 'lru-cache';
import type { CacheCounters } from '@shared/api/cache.schema';
import type { Clock } from '@server/lib/clock';

/** What an entry describes; clearing by mount or by storage config matches these tags. */
export type CacheScope = { mountId?: string; storageConfigId?: string };

export type CacheSetOptions = CacheScope & {
  /** Time to live in milliseconds; 0 or less stores nothing (a mount with cache_ttl 0). */
  ttlMs?: number;
};

type Entry<V> = { value: V; mountId: string | undefined; storageConfigId: string | undefined };

export type TtlCacheOptions = { maxEntries: number; defaultTtlMs: number };

export class TtlCache<V> {
  readonly #entries: LRUCache<string, Entry<V>>;
  readonly #defaultTtlMs: number;
  #hits = 0;
  #misses = 0;
  #expired = 0;
  #invalidations = 0;

  constructor(clock: Clock, options: TtlCacheOptions) {
    this.#defaultTtlMs = options.defaultTtlMs;
    this.#entries = new LRUCache<string, Entry<V>>({
      max: options.maxEntries,
      ttl: options.defaultTtlMs,
      // Read the injected clock on every check instead of lru-cache's own 1 ms time cache.
      ttlResolution: 0,
      perf: { now: () => clock.now() },
    });
  }

  get(key: string): V | undefined {
    const status: LRUCache.Status<string, Entry<V>> = {};
    const entry = this.#entries.get(key, { status });
    if (entry !== undefined) {
      this.#hits += 1;
      return entry.value;
    }
    if (status.get === 'stale') this.#expired += 1;
    this.#misses += 1;
    return undefined;
  }

  set(key: string, value: V, { ttlMs = this.#defaultTtlMs, mountId, storageConfigId }: CacheSetOptions = {}): void {
    if (ttlMs <= 0) {
      this.#entries.delete(key);
      return;
    }
    this.#entries.set(key, { value, mountId, storageConfigId }, { ttl: ttlMs });
  }

  /** Removes one entry; returns whether it was there. */
  delete(key: string): boolean {
    const removed = this.#entries.delete(key);
    if (removed) this.#invalidations += 1;
    return removed;
  }

  /** Removes every entry tagged with the mount, or with the storage config or one of its mounts. */
  invalidate(scope: { mountIds?: readonly string[]; storageConfigId?: string }): number {
    const mountIds = new Set(scope.mountIds ?? []);
    const doomed: string[] = [];
    for (const [key, entry] of this.#entries.entries()) {
      const byMount = entry.mountId !== undefined && mountIds.has(entry.mountId);
      const byConfig = scope.storageConfigId !== undefined && entry.storageConfigId === scope.storageConfigId;
      if (byMount || byConfig) doomed.push(key);
    }
    for (const key of doomed) this.#entries.delete(key);
    this.#invalidations += doomed.length;
    return doomed.length;
  }

  clear(): number {
    const removed = this.#entries.size;
    this.#entries.clear();
    this.#invalidations += removed;
    return removed;
  }

  stats(): CacheCounters {
    const lookups = this.#hits + this.#misses;
    return {
      hits: this.#hits,
      misses: this.#misses,
      expired: this.#expired,
      invalidations: this.#invalidations,
      size: this.#entries.size,
      hitRate: lookups === 0 ? 0 : Math.round((this.#hits / lookups) * 10_000) / 10_000,
    };
  }
}
