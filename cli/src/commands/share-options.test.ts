import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { expiresInHours, parseCount, parseExpiry } from './share-options';

const now = Date.parse('2026-11-28T10:00:00Z');
const HOUR = 3_600_000;

describe('share options', () => {
  it('reads durations, hours alone, ISO times and never', () => {
    expect(parseExpiry('30m', now)?.getTime()).toBe(now + HOUR / 2);
    expect(parseExpiry('12h', now)?.getTime()).toBe(now + 12 * HOUR);
    expect(parseExpiry('7d', now)?.getTime()).toBe(now + 7 * 24 * HOUR);
    expect(parseExpiry('2W', now)?.getTime()).toBe(now + 14 * 24 * HOUR);
    expect(parseExpiry('5', now)?.getTime()).toBe(now + 5 * HOUR);
    expect(parseExpiry('2026-12-01T00:00:00Z', now)?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(parseExpiry('never', now)).toBeUndefined();
    expect(parseExpiry(undefined, now)).toBeUndefined();
  });

  it('refuses what is no time, or a time already past', () => {
    expect(() => parseExpiry('soon', now)).toThrow(InvalidArgumentError);
    expect(() => parseExpiry('0h', now)).toThrow(/future/);
    expect(() => parseExpiry('2020-01-01T00:00:00Z', now)).toThrow(/future/);
    expect(() => parseExpiry('99999999d', now)).toThrow(/too far/);
  });

  it('gives file shares whole hours, rounded up', () => {
    expect(expiresInHours(new Date(now + HOUR / 2), now)).toBe(1);
    expect(expiresInHours(new Date(now + 3 * HOUR), now)).toBe(3);
    expect(expiresInHours(new Date(now + 3 * HOUR + 1), now)).toBe(4);
    expect(expiresInHours(undefined, now)).toBeUndefined();
  });

  it('takes whole counts only', () => {
    expect(parseCount('0')).toBe(0);
    expect(parseCount(' 12 ')).toBe(12);
    expect(() => parseCount('-1')).toThrow(InvalidArgumentError);
    expect(() => parseCount('1.5')).toThrow(InvalidArgumentError);
  });
});
