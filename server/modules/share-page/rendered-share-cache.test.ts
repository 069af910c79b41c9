import { describe, expect, it } from 'vitest';
import { RenderedShareCache } from './rendered-share-cache';

describe('the rendered share cache', () => {
  it('answers what it keeps, and stays under its bound by dropping the least recently used', () => {
    // Sizes count two bytes per character of key and text: each entry below is 2 × (1 + 29) = 60.
    const cache = new RenderedShareCache(150);
    cache.set('a', 'x'.repeat(29));
    cache.set('b', 'y'.repeat(29));
    expect(cache.get('a')).toBe('x'.repeat(29));
    cache.set('c', 'z'.repeat(29));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('x'.repeat(29));
    cache.set('huge', 'w'.repeat(1000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
