// The gallery of a folder of photos on radosgw in Debian's Chromium (issue 32's gallery target):
// a private radosgw (bluestore), the real server in production mode serving a production build of
// the web app made from this working tree, the bucket mounted at /photos, and --photos JPEGs of
// 12 MP and 3–8 MB in /photos/gallery with their thumbnails stored (bench/gallery/photos.ts).
// Each round, on a fresh page (nothing cached) signed in as the admin with the gallery view:
// - open: from the click on the folder in /photos until every tile of the first screen shows its
//   thumbnail (loaded, decoded, one frame later); the bytes every response took on the wire;
// - scroll: mouse-wheel steps to the last entry (the listing pages in on the way), every long task
//   over 50 ms kept (PerformanceObserver, as bench/explorer-scroll does);
// - memory: the tab's renderer RSS (sum of the page's renderer processes, sampled every 100 ms,
//   peak over the round) and its JS heap at the end.
// Options: --photos <n> (5000), --distinct <n> (8), --rounds <n> (3), --wheel <px> (400),
// --width <px> (1280), --height <px> (900), --view list (the same without pictures, for the
// memory), --breakdown (what the tab's renderer holds by allocator, memory-breakdown.ts), --compare-etag (thumbnail calls timed with and without the ETag), --no-build
// (use --app <dir>), --trace <dir> (a
// Chromium trace of each scroll kept there, its main-thread tasks counted by wall and CPU time:
// on a loaded machine a task long by the clock may be short in work), --bare (Chromium driven bare
// over the DevTools protocol, without Playwright's session and its kept bodies: the tab's memory
// as a user's tab has it; bare-round.ts), --alloc-profile <dir> (V8's sampled allocations over
// each scroll, by function, alloc-profile.ts; read on a build without minification) and with --bare --playwright-rounds <n> (0: that many rounds
// driven by Playwright after the bare ones, on the same folder, for comparison).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, parseArgs } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { z } from 'zod';
import { endPhase, installMeter, listState, startPhase, type ListState } from '@bench/explorer-scroll/page-meter';
import { TRACE_CATEGORIES, traceTasks } from '@bench/explorer-scroll/trace-tasks';
import { CHROMIUM_PATH, chromiumProcesses, launchChromium } from '@bench/upload/chromium';
import { startGroupRssSampler } from '@bench/upload/group-rss';
import { onCleanup, runCleanups } from '@bench/upload/processes';
import { startBenchStorage } from '@bench/upload/rgw';
import { startServer, type BenchServer } from '@bench/upload/server';
import { type BareRound, bareRound, bareTable } from './bare-round';
import { kb, median, playwrightTable, type Round } from './playwright-report';
import { jsHeapMiB, lastScreenWait, openAndWait, recordWire, signedInScript, type WireRecord } from './page-probes';
import { call, type EtagTimes, timeThumbnailCalls } from './server-calls';
import { startAllocationSampling, stopAllocationSampling } from './alloc-profile';
import { collectGarbage, memoryBreakdown } from './memory-breakdown';
import { fillBucket, inParallel, makePhotos, photoName } from './photos';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    photos: { type: 'string', default: '5000' },
    distinct: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    wheel: { type: 'string', default: '400' },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '900' },
    'no-build': { type: 'boolean', default: false },
    app: { type: 'string' },
    trace: { type: 'string' },
    /** Before each round, times the server's thumbnail calls with the listing's ETag and without. */
    'compare-etag': { type: 'boolean', default: false },
    /** `list` compares the tab's memory over the same scroll without pictures. */
    view: { type: 'string', default: 'gallery' },
    /** Chromium's memory-infra dump of the tab before the click, after the scroll and after a full GC. */
    breakdown: { type: 'boolean', default: false },
    /** V8's sampled allocations over each scroll, by function, kept in this folder (alloc-profile.ts). */
    'alloc-profile': { type: 'string' },
    /** Chromium driven bare (bare-round.ts): the tab's memory without Playwright's DevTools session. */
    bare: { type: 'boolean', default: false },
    /** With --bare: this many Playwright rounds after the bare ones, on the same folder and server. */
    'playwright-rounds': { type: 'string', default: '0' },
  },
});
const photos = Number(args.photos);
const distinct = Math.min(photos, Number(args.distinct));
const rounds = Number(args.rounds);
const playwrightRounds = Number(args['playwright-rounds']);
const wheelStep = Number(args.wheel);
const viewport = { width: Number(args.width), height: Number(args.height) };
const MOUNT = '/photos';
const FOLDER_KEY = 'gallery';
const view = args.view === 'list' ? 'list' : 'gallery';
const LONG_TASK_MS = 50;
const OPEN_TIMEOUT_MS = 60_000;
const SCROLL_DEADLINE_MS = 15 * 60_000;
const log = (line: string) => process.stderr.write(`[gallery bench] ${line}\n`);
const load = () => (loadavg()[0] ?? 0).toFixed(2);

async function buildApp(work: string): Promise<string> {
  if (args['no-build']) {
    if (args.app === undefined) throw new Error('--no-build needs --app <dir>');
    return args.app;
  }
  const outDir = join(work, 'app');
  await promisify(execFile)(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root, timeout: 600_000, maxBuffer: 16 * 1024 * 1024 },
  );
  return outDir;
}

/** A thumbnail through the server, or from storage at the end of its redirect. */
const isThumbnail = (record: WireRecord) =>
  record.url.includes('/fs/thumbnail') || record.url.includes('/.clipdock-thumbs/');
const isOriginal = (record: WireRecord) => record.mime === 'image/jpeg';

async function scrollToEnd(page: Page): Promise<ListState> {
  const box = await page.locator('.entries').boundingBox();
  await page.mouse.move(viewport.width / 2, Math.min(viewport.height - 50, (box?.y ?? 0) + 100));
  const deadline = Date.now() + SCROLL_DEADLINE_MS;
  let state = await listState(page);
  const reached = (s: ListState) => s.complete && s.atBottom && s.lastIndex === photos - 1 && s.loaded === photos;
  while (!reached(state)) {
    if (Date.now() > deadline) throw new Error(`scroll stopped at ${JSON.stringify(state)}`);
    await page.mouse.wheel(0, wheelStep);
    state = await listState(page);
  }
  return state;
}

async function round(browser: Browser, server: BenchServer, index: number): Promise<Round> {
  const context = await browser.newContext({ viewport, locale: 'en-US', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript({ content: signedInScript(server.token, view) });
  await installMeter(page);
  await page.goto(`${server.baseUrl}/mount-explorer${MOUNT}`);
  await page.locator('.entries .entry__name', { hasText: FOLDER_KEY }).first().waitFor();
  const wire = await recordWire(page);
  const breakdown: Round['breakdown'] = [];
  if (args.breakdown)
    breakdown.push({ label: 'before the click', breakdown: await memoryBreakdown(browser, wire.session) });
  const { renderers } = await chromiumProcesses();
  const memory = await startGroupRssSampler(renderers);
  const open = await openAndWait(page, FOLDER_KEY, OPEN_TIMEOUT_MS, view === 'gallery');
  const opened = wire.take();
  const thumbs = opened.filter(isThumbnail);
  const tracePath = args.trace === undefined ? undefined : join(args.trace, `scroll-${index + 1}.json`);
  if (tracePath !== undefined)
    await browser.startTracing(page, { path: tracePath, screenshots: false, categories: TRACE_CATEGORIES });
  const profilePath =
    args['alloc-profile'] === undefined ? undefined : join(args['alloc-profile'], `scroll-${index + 1}.heapprofile`);
  if (profilePath !== undefined) await startAllocationSampling(wire.session);
  await startPhase(page);
  const scrollStarted = performance.now();
  const end = await scrollToEnd(page);
  const seconds = (performance.now() - scrollStarted) / 1000;
  const phase = await endPhase(page);
  const last = await lastScreenWait(page, OPEN_TIMEOUT_MS);
  if (tracePath !== undefined) await browser.stopTracing();
  const allocators = profilePath === undefined ? [] : await stopAllocationSampling(wire.session, profilePath);
  const scrolled = wire.take().filter(isThumbnail);
  const heapMiB = await jsHeapMiB(wire.session);
  const rss = await memory.stop();
  if (args.breakdown) {
    breakdown.push({ label: 'after the scroll', breakdown: await memoryBreakdown(browser, wire.session) });
    await collectGarbage(wire.session);
    breakdown.push({ label: 'after a full GC', breakdown: await memoryBreakdown(browser, wire.session) });
  }
  await context.close();
  const tab = [...rss.byPid.values()].sort((a, b) => b.anon.peakMiB - a.anon.peakMiB)[0];
  return {
    open,
    wire: {
      thumbnails: thumbs.length,
      thumbnailBytes: thumbs.reduce((sum, record) => sum + record.bytes, 0),
      maxThumbnail: Math.max(0, ...thumbs.map((record) => record.bytes)),
      other: opened.filter((record) => !isThumbnail(record) && !record.url.startsWith('blob:')),
      originals: opened.filter(isOriginal).length,
    },
    scroll: {
      seconds,
      longTasks: phase.longTasks.map((task) => task.duration).filter((duration) => duration > LONG_TASK_MS),
      end,
      thumbnailsAsked: scrolled.length,
      last,
      thumbnailBytes: scrolled.reduce((sum, record) => sum + record.bytes, 0),
      ...(tracePath === undefined ? {} : { traced: await traceTasks(tracePath) }),
    },
    memory: {
      rssStartMiB: tab?.rss.baselineMiB ?? 0,
      rssPeakMiB: tab?.rss.peakMiB ?? 0,
      privatePeakMiB: tab?.anon.peakMiB ?? 0,
      renderers: rss.byPid.size,
      heapMiB,
    },
    load: load(),
    breakdown,
    allocators,
  };
}

async function main(): Promise<void> {
  const command = `npx tsx bench/gallery/run.ts ${process.argv.slice(2).join(' ')}`.trimEnd();
  if (
    args.bare &&
    (args.trace !== undefined || args.breakdown || args['compare-etag'] || args['alloc-profile'] !== undefined)
  )
    throw new Error('--bare takes none of --trace, --breakdown, --compare-etag, --alloc-profile');
  const loadAtStart = load();
  const work = await mkdtemp(join(tmpdir(), 'clipdock-bench-gallery-'));
  if (args.trace !== undefined) await mkdir(args.trace, { recursive: true });
  if (args['alloc-profile'] !== undefined) await mkdir(args['alloc-profile'], { recursive: true });
  onCleanup(() => rm(work, { recursive: true, force: true }));
  log('building the web app');
  const app = await buildApp(work);
  // Each copy's first 4 MiB is its own in radosgw (the rest is shared): room for 5,000 of them.
  process.env.BLUESTORE_SIZE ??= String(64 * 1024 ** 3);
  log('starting radosgw (bluestore) and the server');
  const { client, bucket, rgw } = await startBenchStorage(onCleanup);
  const server = await startServer(root, rgw, bucket, { staticDir: app });
  onCleanup(server.stop);
  const configs = z
    .array(z.object({ id: z.string(), name: z.string() }))
    .parse(await call(server, 'GET', '/s3-configs'));
  // The bucket's config, which bench/upload/server.ts names after it (the local one comes first).
  const config = configs.find((each) => each.name === `rgw ${bucket}`);
  if (config === undefined) throw new Error('no storage config for the bucket');
  await call(server, 'POST', '/admin/mounts', {
    name: 'photos',
    storage_type: 's3',
    storage_config_id: config.id,
    mount_path: MOUNT,
  });

  log(`making ${distinct} distinct 12 MP photos and their thumbnails`);
  const made = await makePhotos(distinct);
  const sizes = made.map((photo) => photo.bytes.length);
  const tiles = made.map((photo) => photo.tile.length);
  let started = performance.now();
  await fillBucket(client, bucket, FOLDER_KEY, made, photos, (done) => log(`${done} photos in the bucket`));
  const fillSeconds = (performance.now() - started) / 1000;
  log(`${photos} photos in ${fillSeconds.toFixed(0)} s; storing their thumbnails`);
  started = performance.now();
  const encoded = made.map((photo) => ({ tile: photo.tile.toString('base64'), large: photo.large.toString('base64') }));
  await inParallel(photos, 12, async (index) => {
    const thumbs = encoded[index % encoded.length];
    if (thumbs === undefined) return;
    await call(server, 'POST', '/admin/fs/thumbnail', {
      path: `${MOUNT}/${FOLDER_KEY}/${photoName(index)}`,
      ...thumbs,
    });
  });
  const thumbSeconds = (performance.now() - started) / 1000;
  log(`thumbnails stored in ${thumbSeconds.toFixed(0)} s`);
  const header = (mode: string, version: string) => [
    `# gallery: a folder of ${photos} photos on radosgw in Chromium ${mode} (${view} view)`,
    `Machine: ${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}, Node ${process.version}; Chromium ${version} (${CHROMIUM_PATH}, headless); viewport ${viewport.width}×${viewport.height}`,
    `Date: ${new Date().toISOString()}; load average (1 min) at start ${loadAtStart}, at the end ${load()}`,
    `Command: ${command}`,
    `Photos: ${distinct} distinct JPEGs of 4000×3000, ${sizes.map((size) => (size / 1e6).toFixed(1)).join(' / ')} MB; their tile thumbnails ${tiles.map((size) => kb(size)).join(' / ')} KB; the folder filled in ${fillSeconds.toFixed(0)} s (CopyObject), thumbnails stored in ${thumbSeconds.toFixed(0)} s`,
  ];

  let bareLines: string[] = [];
  if (args.bare) {
    const bareResults: BareRound[] = [];
    for (let i = 0; i < rounds; i += 1) {
      log(`round ${i + 1} (bare)`);
      const result = await bareRound({
        baseUrl: server.baseUrl,
        token: server.token,
        mount: MOUNT,
        folder: FOLDER_KEY,
        view,
        viewport,
        photos,
        wheelStep,
        openTimeoutMs: OPEN_TIMEOUT_MS,
        scrollDeadlineMs: SCROLL_DEADLINE_MS,
        longTaskMs: LONG_TASK_MS,
      });
      log(
        `round ${i + 1} (bare): first screen ${result.open.ms.toFixed(0)} ms (${result.open.withThumbnail}/${result.open.tiles}), ${result.scroll.longTasks.length} long tasks, tab ${result.memory.rssPeakMiB} MiB RSS, ${result.memory.privatePeakMiB} MiB private; load ${result.load.start} → ${result.load.end}`,
      );
      bareResults.push(result);
    }
    const mode = 'driven bare over the DevTools protocol (no Network domain)';
    bareLines = [...header(mode, bareResults[0]?.browser ?? 'unknown'), '', ...bareTable(bareResults), ''];
    if (playwrightRounds === 0) {
      process.stdout.write(bareLines.join('\n'));
      return;
    }
  }

  const browser = await launchChromium();
  onCleanup(() => browser.close());
  const results: Round[] = [];
  const etagTimes: EtagTimes[] = [];
  for (let i = 0; i < (args.bare ? playwrightRounds : rounds); i += 1) {
    if (args['compare-etag']) {
      const timed = await timeThumbnailCalls(server, `${MOUNT}/${FOLDER_KEY}/`, 100);
      log(
        `round ${i + 1}: thumbnail call with the ETag ${median(timed.withEtag).toFixed(1)} ms, without ${median(timed.without).toFixed(1)} ms (medians); load ${timed.load}`,
      );
      etagTimes.push(timed);
    }
    log(`round ${i + 1}`);
    const result = await round(browser, server, i);
    log(
      `round ${i + 1}: first screen ${result.open.ms.toFixed(0)} ms (${result.open.withThumbnail}/${result.open.tiles}), ${kb(result.wire.thumbnailBytes / Math.max(1, result.wire.thumbnails))} KB per tile, ${result.scroll.longTasks.length} long tasks, tab ${result.memory.rssPeakMiB} MiB RSS, ${result.memory.privatePeakMiB} MiB private; load ${result.load}`,
    );
    results.push(result);
  }

  const lines = [
    ...header('driven by Playwright', browser.version()),
    '',
    ...playwrightTable(results, etagTimes, server.baseUrl),
  ];
  process.stdout.write(`${[...bareLines, ...lines].join('\n')}\n`);
}

try {
  await main();
} finally {
  await runCleanups();
}
