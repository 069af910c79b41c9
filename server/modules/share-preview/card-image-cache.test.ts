import { describe, expect, it } from 'vitest';
import { CardImageCache } from './card-image-cache';

const picture = (size: number) => ({ bytes: Buffer.alloc(size), width: 1, height: 1 });

describe('the card picture cache', () => {
  it('makes a picture once for concurrent and later asks', async () => {
    const cache = new CardImageCache(1000);
    let made = 0;
    const make = async () => {
      made += 1;
      return picture(10);
    };
    const [a, b] = await Promise.all([cache.get('k', make), cache.get('k', make)]);
    expect(a).toBe(b);
    expect(await cache.get('k', make)).toBe(a);
    expect(made).toBe(1);
  });

  it('stays under its byte bound, dropping the least recently used first', async () => {
    const cache = new CardImageCache(100);
    await cache.get('a', async () => picture(40));
    await cache.get('b', async () => picture(40));
    await cache.get('a', async () => picture(40));
    await cache.get('c', async () => picture(40));
    expect(cache.size).toBe(2);
    let remade = 0;
    await cache.get('b', async () => {
      remade += 1;
      return picture(40);
    });
    await cache.get('c', async () => {
      remade += 1;
      return picture(40);
    });
    expect(remade).toBe(1);
    await cache.get('huge', async () => picture(1000));
    expect(cache.size).toBe(2);
  });

  it('keeps no failure: the next ask makes the picture again', async () => {
    const cache = new CardImageCache(100);
    await expect(cache.get('x', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect((await cache.get('x', async () => picture(1))).width).toBe(1);
  });
});
