// A small in-process cache: per-entry TTL, least-recently-used eviction at a size cap, and
// counters for the admin statistics. Entries carry the mount (and storage config) they describe
// so a write or an admin clear can drop exactly those.
import type { CacheCounters } from '@shared/api/cache.schema';
import type { Clock } from '../clock';

/** What an entry describes; clearing by mount or by storage config matches these tags. */
export type CacheScope = { mountId?: string; storageConfigId?: string };

export type CacheSetOptions = CacheScope & {
  /** Time to live in milliseconds; 0 or less stores nothing (a mount with cache_ttl 0). */
  ttlMs?: number;
};

type Entry<V> = { value: V; expiresAt: number; mountId: string | undefined; storageConfigId: string | undefined };

export type TtlCacheOptions = { maxEntries: number; defaultTtlMs: number };

export class TtlCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #clock: Clock;
  readonly #options: TtlCacheOptions;
  #hits = 0;
  #misses = 0;
  #expired = 0;
  #invalidations = 0;

  constructor(clock: Clock, options: TtlCacheOptions) {
    this.#clock = clock;
    this.#options = options;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) {
      this.#misses += 1;
      return undefined;
    }
    this.#entries.delete(key);
    if (entry.expiresAt <= this.#clock.now()) {
      this.#expired += 1;
      this.#misses += 1;
      return undefined;
    }
    this.#entries.set(key, entry);
    this.#hits += 1;
    return entry.value;
  }

  set(key: string, value: V, { ttlMs = this.#options.defaultTtlMs, mountId, storageConfigId }: CacheSetOptions = {}): void {
    this.#entries.delete(key);
    if (ttlMs <= 0) return;
    while (this.#entries.size >= this.#options.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expiresAt: this.#clock.now() + ttlMs, mountId, storageConfigId });
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
    let removed = 0;
    for (const [key, entry] of this.#entries) {
      const byMount = entry.mountId !== undefined && mountIds.has(entry.mountId);
      const byConfig = scope.storageConfigId !== undefined && entry.storageConfigId === scope.storageConfigId;
      if (byMount || byConfig) {
        this.#entries.delete(key);
        removed += 1;
      }
    }
    this.#invalidations += removed;
    return removed;
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
