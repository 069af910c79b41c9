import { describe, expect, it } from 'vitest';
import { type KeptSharePage, RenderedShareCache } from './rendered-share-cache';

/** A page of 29 characters in all: 20 of view (in two pieces) and 9 of JSON. */
const page = (char: string): KeptSharePage => ({ html: [char.repeat(10), char.repeat(10)], data: [char.repeat(9)] });

describe('the rendered share cache', () => {
  it('answers what it keeps, and stays under its bound by dropping the least recently used', () => {
    // Sizes count two bytes per character of key and texts: each entry below is 2 × (1 + 29) = 60.
    const cache = new RenderedShareCache(150);
    cache.set('a', page('x'));
    cache.set('b', page('y'));
    expect(cache.get('a')).toEqual(page('x'));
    cache.set('c', page('z'));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(page('x'));
    cache.set('huge', { html: ['w'.repeat(1000)], data: [] });
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
