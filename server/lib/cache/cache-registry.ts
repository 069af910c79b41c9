// The named caches of one server process. Services get the registry from the composition root,
// read and write entries tagged with a mount id, and the cache service clears them by scope.
import type { CacheCounters, CacheName } from '@shared/api/cache.schema';
import * as z from 'zod/mini';
import type { Clock } from '@server/lib/clock';
import { TtlCache } from './ttl-cache';
import type { CacheBus } from '@server/cluster/cache-bus';

const fiveMinutes = 5 * 60 * 1000;

/** Which entries to drop: those of the listed mounts and/or of one storage config. */
export type CacheClearScope = { mountIds?: readonly string[]; storageConfigId?: string };

/** What the registry does with every cache, whatever it holds. */
type NamedCache = Pick<TtlCache<unknown>, 'invalidate' | 'clear' | 'stats'>;

export class CacheRegistry {
  /** Directory listings, keyed per mount and path; TTL = the mount's cache_ttl. */
  readonly directory: TtlCache<unknown>;
  /** Presigned URLs, keyed per caller and object. */
  readonly s3Url: TtlCache<string>;
  /** Search results with at least one hit. */
  readonly search: TtlCache<unknown>;

  constructor(clock: Clock) {
    this.directory = new TtlCache(clock, { maxEntries: 500, defaultTtlMs: fiveMinutes });
    this.s3Url = new TtlCache(clock, { maxEntries: 1000, defaultTtlMs: fiveMinutes });
    this.search = new TtlCache(clock, { maxEntries: 500, defaultTtlMs: fiveMinutes });
  }

  #all(): [CacheName, NamedCache][] {
    return [
      ['directory', this.directory],
      ['s3Url', this.s3Url],
      ['search', this.search],
    ];
  }

  /** Drops the entries in scope from every cache, here and on every instance; returns how many were removed here. */
  clear(scope: CacheClearScope): number {
    if (!this.#bus.publish({ clear: scope })) this.#bus.publish({ clear: 'all' });
    return this.#clearHere(scope);
  }

  clearAll(): number {
    this.#bus.publish({ clear: 'all' });
    return this.#clearAllHere();
  }

  /** Drops every search result, here and on every instance (the index changed). */
  clearSearch(): void {
    this.#bus.publish({ clear: 'search' });
    this.search.clear();
  }

  /** Sends this registry's clears to the other instances and applies theirs. */
  join(bus: CacheBus): void {
    this.#bus = bus;
    bus.listen({
      onMessage: (message) => this.#applyRemote(message),
      onReconnect: () => this.#clearAllHere(),
    });
  }

  #bus: Pick<CacheBus, 'publish'> = { publish: () => true };

  #clearHere(scope: CacheClearScope): number {
    return this.#all().reduce((sum, [, cache]) => sum + cache.invalidate(scope), 0);
  }

  #clearAllHere(): number {
    return this.#all().reduce((sum, [, cache]) => sum + cache.clear(), 0);
  }

  #applyRemote(message: unknown): void {
    const parsed = remoteClear.safeParse(message);
    if (!parsed.success) return;
    const { clear } = parsed.data;
    if (clear === 'all') this.#clearAllHere();
    else if (clear === 'search') this.search.clear();
    else this.#clearHere(clear);
  }

  stats(): Record<CacheName, CacheCounters> {
    return { directory: this.directory.stats(), s3Url: this.s3Url.stats(), search: this.search.stats() };
  }
}

/** A clear sent by another instance. */
const remoteClear = z.object({
  clear: z.union([
    z.literal('all'),
    z.literal('search'),
    z.object({ mountIds: z.optional(z.array(z.string())), storageConfigId: z.optional(z.string()) }),
  ]),
});
