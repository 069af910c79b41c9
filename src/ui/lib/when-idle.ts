// Work the first paint does not need (the editor, the local database) starts when the browser is
// idle after it, or after `timeoutMs` at the latest. Browsers without requestIdleCallback wait a
// moment instead. Returns a cancel for unmounting components.
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 300);
  return () => window.clearTimeout(id);
}

/** How long a page is left to its reader before work for a later visit starts. */
export const SETTLE_MS = 8_000;

/**
 * Work for a later visit (the offline copy of what is shown) waits past the reader's first
 * seconds, when opening the local database would compete with reading and scrolling: it starts
 * in idle time once the page has been open `settleMs`, or at once when the tab is hidden (the
 * reader moved on, and a hidden tab still finishes its writes). Returns a cancel.
 */
export function whenSettled(task: () => void, settleMs = SETTLE_MS): () => void {
  let finished = false;
  let cancelIdle: (() => void) | null = null;
  const stopWaiting = () => {
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
  const run = () => {
    if (finished) return;
    finished = true;
    stopWaiting();
    task();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') run();
  };
  const timer = window.setTimeout(() => {
    cancelIdle = whenIdle(run);
  }, settleMs);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    finished = true;
    stopWaiting();
    cancelIdle?.();
  };
}
