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
