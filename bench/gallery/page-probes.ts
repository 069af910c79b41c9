// What the gallery benchmark reads in the page: whether every tile of the first screen shows its
// thumbnail (an <img> loaded and decoded, one frame later painted), timed from the click on the
// folder; and the thumbnail bytes on the wire, from the DevTools protocol's network events.
import type { CDPSession, Page } from '@playwright/test';
import type { InPage } from '@bench/explorer-scroll/page-meter';

/** Before the app's scripts: signed in as the admin, the explorer's view chosen. */
export const signedInScript = (token: string, view: string) =>
  `localStorage.setItem('admin_token', ${JSON.stringify(token)}); localStorage.setItem('explorer.view', ${JSON.stringify(view)});`;

/** Milliseconds from the click: the listing's answer, the thumbnails' first start and last end, and each thumbnail's wait for the server (request sent → first byte). */
export type OpenSteps = { listEnd: number; firstThumbStart: number; lastThumbEnd: number; thumbWaits: number[] };
export type FirstScreen = { ms: number; tiles: number; withThumbnail: number; timedOut: boolean; steps: OpenSteps };

/** In the page: the next frame, the cards on screen, and whether a card shows its loaded thumbnail. */
const SCREEN_PROBES = `const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const onScreen = () =>
      [...document.querySelectorAll('.entries [data-index]')].filter((card) => {
        const box = card.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      });
    const shown = (card) => {
      const img = card.querySelector('img.entry__thumb');
      return img !== null && img.complete && img.naturalWidth > 0;
    };`;

export type LastScreen = { ms: number; tiles: number; withThumbnail: number; timedOut: boolean };

/**
 * After the last scroll step: how long until every card on screen shows its thumbnail (the
 * thumbnails' queue holds its calls during a fling and sends them once the scroll slows).
 */
export function lastScreenWait(page: InPage, timeoutMs: number): Promise<LastScreen> {
  return page.evaluate<LastScreen>(`(async () => {
    const started = performance.now();
    ${SCREEN_PROBES}
    for (;;) {
      await frame();
      const elapsed = performance.now() - started;
      const cards = onScreen();
      const ready = cards.filter(shown);
      if ((cards.length > 0 && ready.length === cards.length) || elapsed > ${timeoutMs}) {
        await frame();
        return { ms: performance.now() - started, tiles: cards.length, withThumbnail: ready.length, timedOut: elapsed > ${timeoutMs} };
      }
    }
  })()`);
}

/**
 * Clicks the folder's link and waits, frame by frame, until the gallery shows the folder's entries
 * and every tile on screen has its thumbnail loaded and decoded. Given as text: tsx would wrap a
 * named function in a helper the page does not have.
 */
/** `thumbnails` false (the list view): waits for the entries alone. */
export function openAndWait(
  page: InPage,
  folderName: string,
  timeoutMs: number,
  thumbnails = true,
): Promise<FirstScreen> {
  return page.evaluate<FirstScreen>(`(async () => {
    const links = [...document.querySelectorAll('.entries [data-entry-link]')];
    const link = links.find((a) => a.querySelector('.entry__name')?.textContent === ${JSON.stringify(folderName)});
    if (link === undefined) throw new Error('folder link not found');
    const before = location.pathname;
    const started = performance.now();
    link.click();
    ${SCREEN_PROBES}
    for (;;) {
      await frame();
      const elapsed = performance.now() - started;
      const cards = location.pathname === before ? [] : onScreen();
      const ready = cards.filter(shown);
      if ((cards.length > 0 && (ready.length === cards.length || !${thumbnails})) || elapsed > ${timeoutMs}) {
        // Decoded and painted: the frame after the last one loaded.
        await Promise.all(ready.map((card) => card.querySelector('img.entry__thumb').decode().catch(() => undefined)));
        await frame();
        const resources = performance.getEntriesByType('resource').filter((entry) => entry.startTime >= started);
        const lists = resources.filter((entry) => entry.name.includes('/fs/list'));
        const thumbs = resources.filter((entry) => entry.name.includes('/fs/thumbnail'));
        const steps = {
          listEnd: Math.max(0, ...lists.map((entry) => entry.responseEnd - started)),
          firstThumbStart: Math.min(...thumbs.map((entry) => entry.startTime - started)),
          lastThumbEnd: Math.max(0, ...thumbs.map((entry) => entry.responseEnd - started)),
          thumbWaits: thumbs.map((entry) => entry.responseStart - entry.requestStart),
        };
        return {
          steps,
          ms: performance.now() - started,
          tiles: cards.length,
          withThumbnail: ready.length,
          timedOut: elapsed > ${timeoutMs},
        };
      }
    }
  })()`);
}

export type WireRecord = { url: string; bytes: number; status: number; mime: string };

/** Every response's encoded bytes (headers and body as they crossed the wire) from now on. */
export async function recordWire(page: Page): Promise<{ take(): WireRecord[]; session: CDPSession }> {
  const session = await page.context().newCDPSession(page);
  // Events only: a session's Network domain otherwise keeps every fetched body in the tab's
  // renderer (200 MB at most) for a DevTools that asks for them, memory the tab would not hold.
  await session.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
  const responses = new Map<string, { url: string; status: number; mime: string }>();
  let finished: WireRecord[] = [];
  session.on('Network.responseReceived', (event) => {
    responses.set(event.requestId, {
      url: event.response.url,
      status: event.response.status,
      mime: event.response.mimeType,
    });
  });
  session.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (response === undefined) return;
    finished.push({ ...response, bytes: event.encodedDataLength });
  });
  return {
    session,
    take() {
      const taken = finished;
      finished = [];
      return taken;
    },
  };
}

/** The tab's JavaScript heap (used), from the protocol's Performance domain. */
export async function jsHeapMiB(session: CDPSession): Promise<number> {
  await session.send('Performance.enable');
  const { metrics } = await session.send('Performance.getMetrics');
  const used = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  return Math.round((used / 1024 / 1024) * 10) / 10;
}
