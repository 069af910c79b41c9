// Work that must share neither the network nor the main thread with the page's first render
// starts once the browser reports that render on screen: the first largest-contentful-paint entry
// timed after the call, made as the render commits. (A frame is painted some time before it is
// presented; work started right after the paint still competes with it.) Without that report (a
// browser that has none, a render with nothing larger than what was already shown, input before
// it), the work starts in idle time after `fallbackMs`. Returns a cancel.
import { whenIdle } from './when-idle';

export function whenPresented(task: () => void, fallbackMs = 3000): () => void {
  const since = performance.now();
  let finished = false;
  let observer: PerformanceObserver | null = null;
  let cancelIdle: (() => void) | null = null;
  const stop = () => {
    finished = true;
    observer?.disconnect();
    window.clearTimeout(timer);
    cancelIdle?.();
  };
  const run = () => {
    if (finished) return;
    stop();
    task();
  };
  const timer = window.setTimeout(() => {
    cancelIdle = whenIdle(run);
  }, fallbackMs);
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')
  ) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) run();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  return stop;
}
