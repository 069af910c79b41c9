import { describe, expect, it } from 'vitest';
import { backoffDelay } from './put-with-retry';

describe('backoffDelay', () => {
  const policy = { retries: 3, baseDelayMs: 500, maxDelayMs: 3_000 };

  it('doubles per attempt, with jitter between half and the full delay, up to the cap', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(policy, attempt, () => 1))).toEqual([500, 1000, 2000, 3000]);
    expect([0, 1, 2].map((attempt) => backoffDelay(policy, attempt, () => 0))).toEqual([250, 500, 1000]);
  });
});
