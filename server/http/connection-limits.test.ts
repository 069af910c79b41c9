import { describe, expect, it } from 'vitest';
import { defaultConnectionLimits, serverOptionsFor } from './connection-limits';

describe('the server options for slow clients', () => {
  it('gives the headers a deadline checked every second, and a whole request none', () => {
    const options = serverOptionsFor(defaultConnectionLimits);
    expect(options).toMatchObject({ headersTimeout: 20_000, requestTimeout: 0, connectionsCheckingInterval: 1_000 });
  });

  it('checks short test deadlines often enough to hold them', () => {
    expect(serverOptionsFor({ ...defaultConnectionLimits, headersTimeoutMs: 1_500 }).connectionsCheckingInterval).toBe(
      375,
    );
  });
});
