import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';
import { ManualClock } from '@tests/support/manual-clock';

describe('TtlCache', () => {
  const make = (maxEntries = 3) => {
    const clock = new ManualClock();
    return { clock, cache: new TtlCache<string>(clock, { maxEntries, defaultTtlMs: 1000 }) };
  };

  it('counts hits, misses and expired lookups', () => {
    const { clock, cache } = make();
    cache.set('a', 'A');
    expect(cache.get('a')).toBe('A');
    expect(cache.get('b')).toBeUndefined();
    clock.advance(1001);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toEqual({ hits: 1, misses: 2, expired: 1, invalidations: 0, size: 0, hitRate: 0.3333 });
  });

  it('honours a per-entry TTL and stores nothing for a TTL of 0', () => {
    const { clock, cache } = make();
    cache.set('long', 'L', { ttlMs: 5000 });
    cache.set('off', 'O', { ttlMs: 0 });
    clock.advance(4999);
    expect(cache.get('long')).toBe('L');
    expect(cache.get('off')).toBeUndefined();
  });

  it('evicts the least recently used entry at the cap', () => {
    const { cache } = make(3);
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    cache.get('a');
    cache.set('d', 'D');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['A', 'C', 'D']);
    expect(cache.stats().size).toBe(3);
  });

  it('invalidates by mount or storage config tag and counts what it removed', () => {
    const { cache } = make(10);
    cache.set('m1:/', 'x', { mountId: 'm1' });
    cache.set('m2:/', 'y', { mountId: 'm2', storageConfigId: 'c1' });
    cache.set('url', 'z', { storageConfigId: 'c1' });
    cache.set('free', 'f');
    expect(cache.invalidate({ mountIds: ['m1'] })).toBe(1);
    expect(cache.invalidate({ storageConfigId: 'c1' })).toBe(2);
    expect(cache.delete('free')).toBe(true);
    expect(cache.delete('free')).toBe(false);
    expect(cache.stats()).toMatchObject({ invalidations: 4, size: 0 });
  });
});

describe('TtlCache beside the registry', () => {
  it('expires an entry when its time is up, and keeps one with an infinite time until it is evicted', () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, { maxEntries: 2, defaultTtlMs: 1000 });
    cache.set('a', 'A');
    cache.set('forever', 'F', { ttlMs: Number.POSITIVE_INFINITY });
    clock.advance(999);
    expect(cache.peek('a')).toBe('A');
    clock.advance(1);
    expect(cache.peek('a')).toBeUndefined();
    clock.advance(365 * 24 * 60 * 60 * 1000);
    expect(cache.get('forever')).toBe('F');
  });

  it('peeks without counting or changing the eviction order', () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, { maxEntries: 2, defaultTtlMs: 1000 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.peek('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 0, size: 2 });
  });

  it('bounds the total size, least recently used out first', () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, {
      maxEntries: 100,
      defaultTtlMs: 1000,
      maxSize: 10,
      sizeOf: (value) => value.length,
    });
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    cache.set('empty', '');
    cache.set('c', 'cccc');
    expect(cache.peek('a')).toBeUndefined();
    expect([cache.peek('b'), cache.peek('empty'), cache.peek('c')]).toEqual(['bbbb', '', 'cccc']);
  });

  it('purges expired entries on demand and leaves them out of an invalidation', () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, { maxEntries: 10, defaultTtlMs: 1000 });
    cache.set('old', 'O', { mountId: 'm' });
    clock.advance(500);
    cache.set('new', 'N', { mountId: 'm' });
    clock.advance(500);
    expect(cache.invalidate({ mountIds: ['m'] })).toBe(1);
    cache.set('new', 'N');
    clock.advance(1000);
    cache.set('fresh', 'F');
    expect(cache.purgeExpired()).toBe(2);
    expect(cache.size).toBe(1);
  });
});
