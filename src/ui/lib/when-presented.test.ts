import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenPresented } from './when-presented';

type Callback = (list: { getEntries: () => { startTime: number }[] }) => void;

/** A browser's largest-contentful-paint reports, delivered by hand. */
function reportingPaints() {
  const observers: Callback[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    constructor(private readonly callback: Callback) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (startTime: number) => {
    for (const callback of [...observers]) callback({ getEntries: () => [{ startTime }] });
  };
}

describe('whenPresented', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs once the render is reported on screen, not for a paint from before it, and once only', () => {
    const report = reportingPaints();
    const task = vi.fn();
    const now = performance.now();
    whenPresented(task);
    report(now - 100);
    expect(task).not.toHaveBeenCalled();
    report(now + 50);
    expect(task).toHaveBeenCalledTimes(1);
    report(now + 80);
    vi.advanceTimersByTime(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('falls back to idle time after the wait when no report comes', () => {
    reportingPaints();
    const task = vi.fn();
    whenPresented(task, 3000);
    vi.advanceTimersByTime(2999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    const report = reportingPaints();
    const task = vi.fn();
    const cancel = whenPresented(task);
    cancel();
    report(performance.now() + 10);
    vi.advanceTimersByTime(10_000);
    expect(task).not.toHaveBeenCalled();
  });
});
