// How fast the window scrolls, for the thumbnails' queue (use-thumbnail.ts): while a fling moves
// cards past faster than their thumbnails could arrive, the queue holds its calls, and sends them
// for the cards still there once the scroll slows. A fling's calls would mostly be cancelled as
// their cards left; each still costs the server, the network and the tab's memory.

/** Faster than this the cards pass in well under a second (about two screens a second). */
export const FAST_PX_PER_S = 2_000;
/** How long the scroll must stay slow before the calls go. */
export const SETTLE_MS = 120;
/** Scroll events further apart than this say nothing of the speed (the first after a pause, a jump). */
const SAME_GESTURE_MS = 250;

let last = { y: 0, at: Number.NEGATIVE_INFINITY };
let fastUntil = 0;
let watchers = 0;

function onScroll(): void {
  const at = performance.now();
  const y = window.scrollY;
  const elapsed = at - last.at;
  if (elapsed > 0 && elapsed < SAME_GESTURE_MS && (Math.abs(y - last.y) / elapsed) * 1000 > FAST_PX_PER_S)
    fastUntil = at + SETTLE_MS;
  last = { y, at };
}

/** Watches the window's scroll while anyone needs to know its pace; the answer stops watching. */
export function watchScrollPace(): () => void {
  if (watchers === 0) window.addEventListener('scroll', onScroll, { passive: true });
  watchers += 1;
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    watchers -= 1;
    if (watchers === 0) {
      window.removeEventListener('scroll', onScroll);
      last = { y: 0, at: Number.NEGATIVE_INFINITY };
      fastUntil = 0;
    }
  };
}

/** Milliseconds until the scroll has been slow for SETTLE_MS; 0 when it is already. */
export function msUntilSettled(now: number = performance.now()): number {
  return Math.max(0, fastUntil - now);
}
