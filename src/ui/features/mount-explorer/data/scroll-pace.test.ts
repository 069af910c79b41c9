import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAST_PX_PER_S, msUntilSettled, SETTLE_MS, watchScrollPace } from './scroll-pace';

/** The window scrolled to `y` at `at` ms. */
function scrollTo(y: number, at: number): void {
  vi.advanceTimersByTime(at - performance.now());
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('scroll pace', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
    stop = watchScrollPace();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('is settled until the window scrolls fast, and again SETTLE_MS after the last fast step', () => {
    expect(msUntilSettled(performance.now())).toBe(0);
    scrollTo(0, 1_000);
    // 400 px in 60 ms: a fling.
    scrollTo(400, 1_060);
    expect((400 / 60) * 1000).toBeGreaterThan(FAST_PX_PER_S);
    expect(msUntilSettled(1_060)).toBe(SETTLE_MS);
    scrollTo(800, 1_120);
    expect(msUntilSettled(1_150)).toBe(SETTLE_MS - 30);
    expect(msUntilSettled(1_120 + SETTLE_MS)).toBe(0);
  });

  it('takes a slow scroll, or a jump after a pause, as settled', () => {
    scrollTo(0, 1_000);
    // 50 px in 50 ms: 1,000 px a second, reading speed.
    scrollTo(50, 1_050);
    scrollTo(100, 1_100);
    expect(msUntilSettled(1_100)).toBe(0);
    // The End key after a second's pause: far, but one step.
    scrollTo(90_000, 2_100);
    expect(msUntilSettled(2_100)).toBe(0);
  });

  it('stops watching when the last watcher stops', () => {
    stop();
    scrollTo(0, 1_000);
    scrollTo(5_000, 1_050);
    expect(msUntilSettled(1_050)).toBe(0);
  });
});
