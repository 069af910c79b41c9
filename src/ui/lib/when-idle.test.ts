import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, whenSettled } from './when-idle';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('whenSettled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('waits past the reader’s first seconds, then runs once in idle time', () => {
    const task = vi.fn();
    whenSettled(task);
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(task).toHaveBeenCalledTimes(1);
    setVisibility('hidden');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the tab is hidden, and not again later', () => {
    const task = vi.fn();
    whenSettled(task);
    setVisibility('hidden');
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SETTLE_MS * 2);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, whether waiting or already queued for idle time', () => {
    const waiting = vi.fn();
    whenSettled(waiting)();
    setVisibility('hidden');
    vi.advanceTimersByTime(SETTLE_MS * 2);
    expect(waiting).not.toHaveBeenCalled();

    setVisibility('visible');
    const queued = vi.fn();
    const cancel = whenSettled(queued);
    vi.advanceTimersByTime(SETTLE_MS);
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(queued).not.toHaveBeenCalled();
  });
});
