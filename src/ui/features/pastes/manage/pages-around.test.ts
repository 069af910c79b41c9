import { describe, expect, it } from 'vitest';
import { pagesAround } from './pages-around';

describe('pagesAround', () => {
  it('lists every page of a short list', () => {
    expect(pagesAround(2, 3)).toEqual([1, 2, 3]);
  });

  it('keeps the ends and the neighbours, with gaps between', () => {
    expect(pagesAround(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pagesAround(1, 10)).toEqual([1, 2, 'gap', 10]);
  });
});
