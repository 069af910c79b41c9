// The handoff between a page's message and the request it makes next: either may come first.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHandoff } from './handoff';

afterEach(() => {
  vi.useRealTimers();
});

describe('the handoff of a message to the request that follows it', () => {
  it('gives the request what the message handed, once, whichever came first', async () => {
    const handoff = createHandoff<string>();
    handoff.accept('first', 'key one');
    expect(await handoff.take('first')).toBe('key one');

    // The request before its message: it waits for it.
    const waiting = handoff.take('second');
    handoff.accept('second', 'key two');
    expect(await waiting).toBe('key two');

    vi.useFakeTimers();
    const again = handoff.take('first');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await again).toBeNull();
  });

  it('gives up on a message that never comes, and keeps a few unasked ones at most', async () => {
    vi.useFakeTimers();
    const handoff = createHandoff<number>({ max: 2, waitMs: 500 });
    const never = handoff.take('missing');
    await vi.advanceTimersByTimeAsync(499);
    handoff.accept('other', 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await never).toBeNull();
    // A message after its request gave up is kept like the others, within the bound.
    handoff.accept('missing', 2);
    handoff.accept('third', 3);
    const oldest = handoff.take('other');
    await vi.advanceTimersByTimeAsync(500);
    expect(await oldest).toBeNull();
    expect(await handoff.take('third')).toBe(3);
  });
});
