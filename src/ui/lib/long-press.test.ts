import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLongPress, LONG_PRESS_MS } from './long-press';

describe('createLongPress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires after 500 ms held still, at the point pressed', () => {
    const onLongPress = vi.fn();
    const press = createLongPress({ onLongPress });
    press.start({ x: 40, y: 50 });
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLongPress).toHaveBeenCalledWith({ x: 40, y: 50 });
    expect(press.fired()).toBe(true);
  });

  it('tolerates a finger that moves up to 10 px, and cancels past that', () => {
    const onLongPress = vi.fn();
    const press = createLongPress({ onLongPress });
    press.start({ x: 0, y: 0 });
    press.move({ x: 6, y: 8 });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).toHaveBeenCalledTimes(1);

    press.start({ x: 0, y: 0 });
    press.move({ x: 8, y: 7 });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).toHaveBeenCalledTimes(1);
    expect(press.fired()).toBe(false);
  });

  it('does nothing when the finger lifts early', () => {
    const onLongPress = vi.fn();
    const press = createLongPress({ onLongPress });
    press.start({ x: 0, y: 0 });
    vi.advanceTimersByTime(300);
    press.cancel();
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).not.toHaveBeenCalled();
  });
});
