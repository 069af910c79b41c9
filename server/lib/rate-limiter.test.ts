import { describe, expect, it } from 'vitest';
import { FailureLimiter, reserveAttempt } from './rate-limiter';
import { ManualClock } from '@tests/support/manual-clock';

describe('FailureLimiter', () => {
  it('blocks at the limit until the window that opened at the first failure ends', () => {
    const clock = new ManualClock();
    const limiter = new FailureLimiter({ max: 3, windowMs: 60_000 }, clock);
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.retryAfterSeconds('k')).toBe(0);
      limiter.fail('k');
    }
    expect(limiter.retryAfterSeconds('k')).toBe(60);
    clock.advance(59_500);
    expect(limiter.retryAfterSeconds('k')).toBe(1);
    clock.advance(500);
    expect(limiter.retryAfterSeconds('k')).toBe(0);
    expect(limiter.size).toBe(0);
  });

  it('forgets a key on reset', () => {
    const limiter = new FailureLimiter({ max: 1, windowMs: 60_000 }, new ManualClock());
    limiter.fail('k');
    expect(limiter.retryAfterSeconds('k')).toBeGreaterThan(0);
    limiter.reset('k');
    expect(limiter.retryAfterSeconds('k')).toBe(0);
  });

  it('stays bounded: drops expired buckets first, then the oldest', () => {
    const clock = new ManualClock();
    const limiter = new FailureLimiter({ max: 1, windowMs: 1_000 }, clock, 100);
    for (let i = 0; i < 100; i += 1) limiter.fail(`old-${i}`);
    clock.advance(1_000);
    limiter.fail('fresh-0');
    expect(limiter.size).toBe(1);
    for (let i = 1; i < 1_000; i += 1) limiter.fail(`fresh-${i}`);
    expect(limiter.size).toBe(100);
    expect(limiter.retryAfterSeconds('fresh-999')).toBe(1);
    expect(limiter.retryAfterSeconds('fresh-0')).toBe(0);
  });

  it('reserves an attempt under every slot or none, and gives it back on success', async () => {
    const clock = new ManualClock();
    const pair = new FailureLimiter({ max: 2, windowMs: 60_000 }, clock);
    const ip = new FailureLimiter({ max: 3, windowMs: 60_000 }, clock);
    const slots = (user: string) => [
      { limiter: pair, key: `ip|${user}`, resetOnSuccess: true },
      { limiter: ip, key: 'ip' },
    ];
    await reserveAttempt(...slots('a'));
    await reserveAttempt(...slots('a'));
    await expect(reserveAttempt(...slots('a'))).rejects.toThrow(/too many failed attempts/);
    expect(ip.retryAfterSeconds('ip')).toBe(0);
    await (await reserveAttempt(...slots('b'))).succeeded();
    expect(pair.size).toBe(1);
    await reserveAttempt(...slots('c'));
    await expect(reserveAttempt(...slots('d'))).rejects.toThrow(/too many failed attempts/);
  });
});
