import { describe, expect, it } from 'vitest';
import { parseMaxViews } from './max-views';

describe('parseMaxViews', () => {
  it('reads empty and 0 as unlimited and keeps whole numbers', () => {
    expect(parseMaxViews('')).toBe(0);
    expect(parseMaxViews(' 0 ')).toBe(0);
    expect(parseMaxViews('12')).toBe(12);
  });

  it('refuses negative, fractional and other input', () => {
    expect(parseMaxViews('-1')).toBeNull();
    expect(parseMaxViews('1.5')).toBeNull();
    expect(parseMaxViews('two')).toBeNull();
  });
});
