import { describe, expect, it } from 'vitest';
import { formatBytes, sizeInUnits } from './format-bytes';

describe('formatBytes', () => {
  it('keeps bytes whole and steps by 1024', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(64 * 1024 * 1024)).toBe('64 MB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.25 GB');
  });

  it('shows a dash for values that are not sizes', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});

describe('formatBytes against Intl.NumberFormat', () => {
  it('writes the same text as Intl in English and in Chinese, at every step and precision', () => {
    const intl = (bytes: number, locale: string) => {
      const { value, unit, digits } = sizeInUnits(bytes);
      return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${unit}`;
    };
    const samples = [
      0,
      1,
      999,
      1000,
      1023,
      1024,
      1025,
      1536,
      3200,
      10_240,
      102_400,
      1_048_575,
      1_048_576,
      5 * 1024 ** 5,
      1500 * 1024 ** 5,
      Number.MAX_SAFE_INTEGER,
    ];
    // And a spread of ordinary sizes, ties at the rounding digit included (3200 B = 3.125 KB).
    for (let bytes = 1; bytes < 2 ** 52; bytes = Math.floor(bytes * 1.37) + 3) samples.push(bytes);
    for (const bytes of samples) {
      for (const locale of ['en', 'zh-CN'])
        expect(formatBytes(bytes), `${bytes} in ${locale}`).toBe(intl(bytes, locale));
    }
  });
});
