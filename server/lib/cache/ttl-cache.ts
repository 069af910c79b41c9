// A named in-process cache on lru-cache (least-recently-used eviction at an entry cap, and at a
// total size when the values have one) with a time to live per entry and the counters the admin
// statistics show. Entries carry the mount (and storage config) they describe so a write or an
// admin clear can drop exactly those. Every bounded map the server keeps across requests is one.
import { LRUCache } from 'lru-cache';
import type { CacheCounters } from '@shared/api/cache.schema';
import type { Clock } from '@server/lib/clock';

/** What an entry describes; clearing by mount or by storage config matches these tags. */
export type CacheScope = { mountId?: string; storageConfigId?: string };

export type CacheSetOptions = CacheScope & {
  /** Time to live in milliseconds; 0 or less stores nothing (a mount with cache_ttl 0), Infinity keeps it until evicted. */
  ttlMs?: number;
};

type Entry<V> = { value: V; expiresAt: number; mountId: string | undefined; storageConfigId: string | undefined };

export type TtlCacheOptions<V> = {
  maxEntries: number;
  /** Infinity: entries stay until they are evicted or removed. */
  defaultTtlMs: number;
  /** With `maxSize`: what an entry weighs (bytes, say); past `maxSize` in all, the least recently used go. */
  sizeOf?: (value: V) => number;
  maxSize?: number;
};

export class TtlCache<V> {
  readonly #entries: LRUCache<string, Entry<V>>;
  readonly #clock: Clock;
  readonly #defaultTtlMs: number;
  #hits = 0;
  #misses = 0;
  #expired = 0;
  #invalidations = 0;

  constructor(clock: Clock, options: TtlCacheOptions<V>) {
    this.#clock = clock;
    this.#defaultTtlMs = options.defaultTtlMs;
    const { sizeOf, maxSize } = options;
    // An entry expires when its time is up (read from the injected clock on every lookup); lru-cache keeps the bounds.
    this.#entries = new LRUCache<string, Entry<V>>({
      max: options.maxEntries,
      ...(sizeOf !== undefined && maxSize !== undefined
        ? { maxSize, sizeCalculation: (entry: Entry<V>) => Math.max(1, sizeOf(entry.value)) }
        : {}),
    });
  }

  /** The live value, counted as a hit or a miss; it becomes the most recently used. */
  get(key: string): V | undefined {
    const found = this.#entries.get(key);
    const entry = this.#live(key, found);
    if (entry === undefined) {
      if (found !== undefined) this.#expired += 1;
      this.#misses += 1;
      return undefined;
    }
    this.#hits += 1;
    return entry.value;
  }

  /** The live value without counting the lookup or changing the eviction order. */
  peek(key: string): V | undefined {
    return this.#live(key, this.#entries.peek(key))?.value;
  }

  set(key: string, value: V, { ttlMs = this.#defaultTtlMs, mountId, storageConfigId }: CacheSetOptions = {}): void {
    if (ttlMs <= 0) {
      this.#entries.delete(key);
      return;
    }
    this.#entries.set(key, { value, expiresAt: this.#clock.now() + ttlMs, mountId, storageConfigId });
  }

  /** Entries held, expired ones not yet removed included. */
  get size(): number {
    return this.#entries.size;
  }

  /** Removes every expired entry; returns how many. */
  purgeExpired(): number {
    const now = this.#clock.now();
    const expired = [...this.#entries.entries()].filter(([, entry]) => entry.expiresAt <= now).map(([key]) => key);
    for (const key of expired) this.#entries.delete(key);
    return expired.length;
  }

  #live(key: string, entry: Entry<V> | undefined): Entry<V> | undefined {
    if (entry === undefined || entry.expiresAt > this.#clock.now()) return entry;
    this.#entries.delete(key);
    return undefined;
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
    const now = this.#clock.now();
    for (const [key, entry] of this.#entries.entries()) {
      // An expired entry is no longer there to invalidate; a lookup or eviction removes it.
      if (entry.expiresAt <= now) continue;
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
