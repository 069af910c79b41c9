import { describe, expect, it } from 'vitest';
import { isRetryableStatus } from './retryable-status';

describe('isRetryableStatus', () => {
  it('retries 408, 429 and every 5xx', () => {
    expect([408, 429, 500, 502, 503, 504, 599].map(isRetryableStatus)).toEqual(Array(7).fill(true));
  });

  it('gives up on every other status', () => {
    expect([200, 204, 301, 400, 401, 403, 404, 409, 413, 428, 430].map(isRetryableStatus)).toEqual(
      Array(11).fill(false),
    );
  });
});
