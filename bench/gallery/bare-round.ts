// The gallery benchmark's --bare rounds: the tab as a user has it, without Playwright's DevTools
// session (whose Network domain keeps every fetched body in the renderer). Each round prepares a
// fresh profile with Playwright as the Playwright rounds set up their page (signed in as the admin,
// the view chosen, service workers kept out), closes it, then launches Chromium on that profile
// driven bare over the DevTools protocol (bench/upload/bare-chromium.ts: attached to the page
// alone, no Network domain): the click on the folder, the same mouse-wheel steps to the end
// (`Input.dispatchMouseEvent`), long tasks from the page's PerformanceObserver
// (bench/explorer-scroll/page-meter.ts), the tab's renderer RSS and RssAnon every 100 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { endPhase, type ListState, listState, METER_SCRIPT, startPhase } from '@bench/explorer-scroll/page-meter';
import { type BarePage, launchBareChromium } from '@bench/upload/bare-chromium';
import { chromiumProcesses, launchChromiumWithProfile } from '@bench/upload/chromium';
import { startGroupRssSampler } from '@bench/upload/group-rss';
import { onCleanup } from '@bench/upload/processes';
import { type FirstScreen, type LastScreen, lastScreenWait, openAndWait, signedInScript } from './page-probes';
import { median } from './playwright-report';

export type BareSettings = {
  baseUrl: string;
  token: string;
  /** The mount's path (`/photos`) and the folder's name in it. */
  mount: string;
  folder: string;
  view: 'gallery' | 'list';
  viewport: { width: number; height: number };
  photos: number;
  wheelStep: number;
  openTimeoutMs: number;
  scrollDeadlineMs: number;
  longTaskMs: number;
};

export type BareRound = {
  open: FirstScreen;
  scroll: { seconds: number; longTasks: number[]; end: ListState; thumbnailsAsked: number; last: LastScreen };
  /** The tab's renderer (the page's process: the one holding the most private memory), MiB. */
  memory: {
    rssStartMiB: number;
    rssPeakMiB: number;
    privateStartMiB: number;
    privatePeakMiB: number;
    renderers: number;
    heapMiB: number;
  };
  /** The page's inner size, to check the window gave the viewport asked for. */
  inner: { width: number; height: number };
  browser: string;
  load: { start: string; end: string };
};

const load = () => (loadavg()[0] ?? 0).toFixed(2);

/**
 * As Playwright's `serviceWorkers: 'block'` keeps the worker out of its rounds: the app registers
 * none when the browser offers none. And the thumbnail calls counted as the page makes them (an
 * observer keeps no entries; the resource timing buffer holds 250).
 */
const PAGE_SCRIPT = `delete Navigator.prototype.serviceWorker;
window.benchThumbnails = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.name.includes('/fs/thumbnail')) window.benchThumbnails += 1;
}).observe({ type: 'resource' });
${METER_SCRIPT}`;

/** Signed in with the view chosen, the explorer of the mount visited once: the profile a Playwright round's page starts from. */
async function prepareProfile(profile: string, settings: BareSettings): Promise<void> {
  const context = await launchChromiumWithProfile(profile, {
    viewport: settings.viewport,
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript({ content: signedInScript(settings.token, settings.view) });
    await page.goto(`${settings.baseUrl}/mount-explorer${settings.mount}`);
    await page.locator('.entries .entry__name', { hasText: settings.folder }).first().waitFor();
  } finally {
    await context.close();
  }
}

/** The same wheel steps as the Playwright rounds' `page.mouse.wheel`, over the list, to the last entry. */
async function scrollToEnd(page: BarePage, settings: BareSettings): Promise<ListState> {
  const top = await page.evaluate<number>(`document.querySelector('.entries')?.getBoundingClientRect().y ?? 0`);
  const x = settings.viewport.width / 2;
  const y = Math.min(settings.viewport.height - 50, top + 100);
  await page.sendToPage('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
  const deadline = Date.now() + settings.scrollDeadlineMs;
  const last = settings.photos - 1;
  const reached = (s: ListState) => s.complete && s.atBottom && s.lastIndex === last && s.loaded === settings.photos;
  let state = await listState(page);
  while (!reached(state)) {
    if (Date.now() > deadline) throw new Error(`scroll stopped at ${JSON.stringify(state)}`);
    await page.sendToPage('Input.dispatchMouseEvent', {
      type: 'mouseWheel',
      x,
      y,
      deltaX: 0,
      deltaY: settings.wheelStep,
    });
    state = await listState(page);
  }
  return state;
}

/**
 * Grows the window until the page's inner size is the viewport asked for (a headless window's
 * size counts the browser's frame, 87 px of height here): a real window's size, no emulation.
 */
async function fitWindow(page: BarePage, viewport: BareSettings['viewport']): Promise<BareRound['inner']> {
  const innerSize = `({ width: innerWidth, height: innerHeight })`;
  const inner = await page.evaluate<BareRound['inner']>(innerSize);
  if (inner.width === viewport.width && inner.height === viewport.height) return inner;
  const { windowId } = (await page.sendToPage('Browser.getWindowForTarget')) as { windowId: number };
  const { bounds } = (await page.sendToPage('Browser.getWindowBounds', { windowId })) as {
    bounds: { width: number; height: number };
  };
  await page.sendToPage('Browser.setWindowBounds', {
    windowId,
    bounds: {
      width: bounds.width + viewport.width - inner.width,
      height: bounds.height + viewport.height - inner.height,
    },
  });
  await page.waitFor(`innerWidth === ${viewport.width} && innerHeight === ${viewport.height}`, 10_000);
  return page.evaluate<BareRound['inner']>(innerSize);
}

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function bareRound(settings: BareSettings): Promise<BareRound> {
  const loadAtStart = load();
  const profile = await mkdtemp(join(tmpdir(), 'clipdock-bench-gallery-profile-'));
  try {
    await prepareProfile(profile, settings);
    const page = await launchBareChromium(profile, `${settings.baseUrl}/mount-explorer${settings.mount}`, PAGE_SCRIPT, {
      windowSize: settings.viewport,
      args: ['--lang=en-US'],
    });
    onCleanup(() => page.close());
    try {
      const folderShown = `[...document.querySelectorAll('.entries .entry__name')].some((name) => name.textContent.includes(${JSON.stringify(settings.folder)}))`;
      await page.waitFor(folderShown, settings.openTimeoutMs);
      const inner = await fitWindow(page, settings.viewport);
      const { renderers } = await chromiumProcesses();
      const memory = await startGroupRssSampler(renderers);
      const open = await openAndWait(page, settings.folder, settings.openTimeoutMs, settings.view === 'gallery');
      const askedBefore = await page.evaluate<number>('window.benchThumbnails');
      await startPhase(page);
      const started = performance.now();
      const end = await scrollToEnd(page, settings);
      const seconds = (performance.now() - started) / 1000;
      const phase = await endPhase(page);
      const last = await lastScreenWait(page, settings.openTimeoutMs);
      const thumbnailsAsked = (await page.evaluate<number>('window.benchThumbnails')) - askedBefore;
      const heap = (await page.sendToPage('Runtime.getHeapUsage')) as { usedSize: number };
      const rss = await memory.stop();
      const { product } = (await page.send('Browser.getVersion')) as { product: string };
      const tab = [...rss.byPid.values()].sort((a, b) => b.anon.peakMiB - a.anon.peakMiB)[0];
      return {
        open,
        scroll: {
          seconds,
          longTasks: phase.longTasks.map((task) => task.duration).filter((ms) => ms > settings.longTaskMs),
          end,
          thumbnailsAsked,
          last,
        },
        memory: {
          rssStartMiB: tab?.rss.baselineMiB ?? 0,
          rssPeakMiB: tab?.rss.peakMiB ?? 0,
          privateStartMiB: tab?.anon.baselineMiB ?? 0,
          privatePeakMiB: tab?.anon.peakMiB ?? 0,
          renderers: rss.byPid.size,
          heapMiB: mib(heap.usedSize),
        },
        inner,
        browser: product,
        load: { start: loadAtStart, end: load() },
      };
    } finally {
      await page.close();
    }
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

/** The rounds' table (markdown), the load at each round's start and end beside its figures. */
export function bareTable(results: readonly BareRound[]): string[] {
  return [
    '| round | first screen shows its thumbnails (ms) | tiles on it | scroll to the end (s) | tasks > 50 ms while scrolling (longest ms) | last screen shows its thumbnails (ms after the last step) | thumbnails asked while scrolling and after | tab RSS MiB: before the click → peak | tab private (RssAnon) MiB: before the click → peak | JS heap at the end MiB | renderers | page inner size | load (start → end) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map((r, i) => {
      const longest = Math.round(Math.max(0, ...r.scroll.longTasks));
      return `| ${i + 1} | ${r.open.ms.toFixed(0)}${r.open.timedOut ? ' (timed out)' : ''} | ${r.open.withThumbnail}/${r.open.tiles} | ${r.scroll.seconds.toFixed(1)} | ${r.scroll.longTasks.length} (${longest}) | ${r.scroll.last.ms.toFixed(0)}${r.scroll.last.timedOut ? ' (timed out)' : ''} (${r.scroll.last.withThumbnail}/${r.scroll.last.tiles}) | ${r.scroll.thumbnailsAsked} | ${r.memory.rssStartMiB} → ${r.memory.rssPeakMiB} | ${r.memory.privateStartMiB} → ${r.memory.privatePeakMiB} | ${r.memory.heapMiB} | ${r.memory.renderers} | ${r.inner.width}×${r.inner.height} | ${r.load.start} → ${r.load.end} |`;
    }),
    '',
    `Medians: first screen ${median(results.map((r) => r.open.ms)).toFixed(0)} ms; ${median(results.map((r) => r.scroll.longTasks.length))} long tasks while scrolling; tab RSS peak ${median(results.map((r) => r.memory.rssPeakMiB)).toFixed(1)} MiB, private peak ${median(results.map((r) => r.memory.privatePeakMiB)).toFixed(1)} MiB`,
  ];
}
