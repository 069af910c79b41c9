// The explorer showing a 10,000-entry folder in Debian's Chromium (issue 10: no long task over
// 50 ms while scrolling). Builds the app (unless --no-build), starts the real server on it
// (bench/fs/bench-server.ts, production settings, fresh data dir), writes the objects straight to
// the default local mount's storage (every tenth a small PNG, so the gallery shows thumbnails),
// then per view (list, grid, gallery), each on a fresh page signed in as the admin: mouse-wheel
// steps from top to bottom (the listing pages in as the list nears its end), and a keyboard pass
// (PageDown to the bottom, Home, End). Every long task and every frame in those phases is kept.
// Options: --objects <n> (10000), --wheel <px per step> (400), --width <px> (1280), --height <px> (900),
// --view <list|grid|gallery> (all three by default), --no-build, --trace <dir> (a Chromium trace of
// every pass kept there, and each pass's main-thread tasks counted by wall and by CPU time).
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, Page } from '@playwright/test';
import { z } from 'zod';
import { machine, percentile, startBenchServer, type BenchServer } from '@bench/fs/bench-server';
import { CHROMIUM_PATH, launchChromium } from '@bench/upload/chromium';
import {
  allLongTasks,
  endPhase,
  installMeter,
  listState,
  startPhase,
  type ListState,
  type PhaseRecord,
} from './page-meter';
import { TRACE_CATEGORIES, traceTasks, type TaskFigures } from './trace-tasks';

const root = fileURLToPath(new URL('../..', import.meta.url));
const argv = process.argv.slice(2);
const argument = (name: string, fallback: number) => {
  const at = argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(argv[at + 1]);
};
const objects = argument('objects', 10_000);
const wheelStep = argument('wheel', 400);
const viewport = { width: argument('width', 1280), height: argument('height', 900) };
const traceDir = argv.includes('--trace') ? argv[argv.indexOf('--trace') + 1] : undefined;
const allViews = ['list', 'grid', 'gallery'] as const;
type View = (typeof allViews)[number];
const views = allViews.filter((view) => !argv.includes('--view') || argv.includes(view));
const LONG_TASK_MS = 50;
const PASS_DEADLINE_MS = 10 * 60_000;

// A 1×1 PNG: enough for the gallery to ask for, load and draw a thumbnail.
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f7d6d60000000049454e44ae426082',
  'hex',
);

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** `objects` files in /local/big, written through the local mount's driver as another tool would. */
async function fill(server: BenchServer): Promise<string> {
  const mounts = z
    .array(z.object({ mount_path: z.string(), storage_config_id: z.string() }))
    .parse(await server.api('GET', '/api/admin/mounts'));
  const local = mounts.find((mount) => mount.mount_path === '/local');
  if (local === undefined) throw new Error('no /local mount');
  const row = await server.db
    .selectFrom('storage_configs')
    .selectAll()
    .where('id', '=', local.storage_config_id)
    .executeTakeFirstOrThrow();
  const driver = await server.storage.driverFor(row);
  const files = Array.from({ length: objects }, (_, i) =>
    i % 10 === 0
      ? { key: `big/object-${String(i).padStart(5, '0')}.png`, body: png, type: 'image/png' }
      : { key: `big/object-${String(i).padStart(5, '0')}.txt`, body: Buffer.from(`line ${i}\n`), type: 'text/plain' },
  );
  for (let i = 0; i < files.length; i += 32) {
    await Promise.all(
      files.slice(i, i + 32).map((file) => driver.putObject(file.key, Readable.from([file.body]), file.type)),
    );
  }
  // Listings of a folder changed within the last second are not kept (server/storage/local-dir-cache.ts).
  await delay(1500);
  return '/local/big';
}

async function openFolder(browser: Browser, server: BenchServer, folder: string, view: View): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US', serviceWorkers: 'block' });
  const page = await context.newPage();
  // Signed in as tests/e2e does it; the view is the remembered choice (explorer-prefs.ts).
  await page.addInitScript({
    content: `localStorage.setItem('admin_token', ${JSON.stringify(server.token)}); localStorage.setItem('explorer.view', ${JSON.stringify(view)});`,
  });
  await installMeter(page);
  await page.goto(`${server.baseUrl}/mount-explorer${folder}`);
  await page.locator('.entries [data-index="0"]').waitFor();
  return page;
}

const reachedEnd = (state: ListState) =>
  state.complete && state.atBottom && state.lastIndex === objects - 1 && state.loaded === objects;

async function wheelPass(page: Page): Promise<ListState> {
  const box = await page.locator('.entries').boundingBox();
  await page.mouse.move(viewport.width / 2, Math.min(viewport.height - 50, (box?.y ?? 0) + 100));
  const deadline = Date.now() + PASS_DEADLINE_MS;
  let state = await listState(page);
  while (!reachedEnd(state)) {
    if (Date.now() > deadline) throw new Error(`wheel pass stopped at ${JSON.stringify(state)}`);
    await page.mouse.wheel(0, wheelStep);
    state = await listState(page);
  }
  return state;
}

async function keyboardPass(page: Page): Promise<ListState> {
  await page.locator('.entries [data-index="0"] [data-entry-link]').focus();
  const deadline = Date.now() + PASS_DEADLINE_MS;
  let state = await listState(page);
  while (!reachedEnd(state)) {
    if (Date.now() > deadline) throw new Error(`keyboard pass stopped at ${JSON.stringify(state)}`);
    await page.keyboard.press('PageDown');
    state = await listState(page);
  }
  // Home and End move the focus (and the list) to the first and the last entry (entry-views.tsx).
  await page.locator('.entries [data-index] [data-entry-link]').first().focus();
  await page.keyboard.press('Home');
  await page.locator('.entries [data-index="0"] [data-entry-link]:focus').waitFor();
  await page.keyboard.press('End');
  await page.locator(`.entries [data-index="${objects - 1}"] [data-entry-link]:focus`).waitFor();
  return listState(page);
}

type Figures = {
  longest: number;
  over50: number;
  blocking: number;
  p95Gap: number;
  maxGap: number;
  frames: number;
  seconds: number;
};

function figures(record: PhaseRecord): Figures {
  const gaps = record.frames.slice(1).map((t, i) => t - (record.frames[i] ?? t));
  const durations = record.longTasks.map((task) => task.duration);
  return {
    longest: Math.round(Math.max(0, ...durations)),
    over50: durations.filter((d) => d > LONG_TASK_MS).length,
    blocking: Math.round(durations.reduce((sum, d) => sum + Math.max(0, d - LONG_TASK_MS), 0)),
    p95Gap: Math.round(percentile(gaps, 95) * 10) / 10,
    maxGap: Math.round(Math.max(0, ...gaps)),
    frames: record.frames.length,
    seconds: Math.round((record.end - record.start) / 100) / 10,
  };
}

/** One pass on a fresh page, traced when --trace is given. */
async function measurePass(
  browser: Browser,
  server: BenchServer,
  folder: string,
  view: View,
  pass: 'wheel' | 'keyboard',
) {
  const page = await openFolder(browser, server, folder, view);
  const loading = figures({ start: 0, end: 0, frames: [], longTasks: await allLongTasks(page) });
  const tracePath = traceDir === undefined ? undefined : join(traceDir, `${view}-${pass}.json`);
  if (tracePath !== undefined)
    await browser.startTracing(page, { path: tracePath, screenshots: false, categories: TRACE_CATEGORIES });
  await startPhase(page);
  const end = await (pass === 'wheel' ? wheelPass(page) : keyboardPass(page));
  const measured = figures(await endPhase(page));
  if (tracePath !== undefined) await browser.stopTracing();
  await page.context().close();
  const traced: TaskFigures | undefined = tracePath === undefined ? undefined : await traceTasks(tracePath);
  return { pass, loading, measured, end, traced, load: load() };
}

async function measureView(browser: Browser, server: BenchServer, folder: string, view: View) {
  const wheel = await measurePass(browser, server, folder, view, 'wheel');
  const keyboard = await measurePass(browser, server, folder, view, 'keyboard');
  return { view, passes: [wheel, keyboard] };
}

async function main(): Promise<void> {
  const command = `npx tsx bench/explorer-scroll/run.ts ${argv.join(' ')}`.trimEnd();
  const loadAtStart = load();
  if (!argv.includes('--no-build'))
    await promisify(execFile)('npm', ['run', '--silent', 'build'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  if (traceDir !== undefined) await mkdir(traceDir, { recursive: true });
  const server = await startBenchServer({ staticDir: join(root, 'dist') });
  const browser = await launchChromium();
  const results = [];
  try {
    const started = performance.now();
    const folder = await fill(server);
    process.stderr.write(
      `${objects} objects written in ${Math.round(performance.now() - started)} ms; load ${load()}\n`,
    );
    for (const view of views) {
      const result = await measureView(browser, server, folder, view);
      for (const pass of result.passes)
        process.stderr.write(`${view} ${pass.pass}: longest task ${pass.measured.longest} ms; load ${pass.load}\n`);
      results.push(result);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`# explorer scroll: a ${objects}-entry folder in Chromium`);
  console.log(
    `${await machine()}; Chromium ${browser.version()} (${CHROMIUM_PATH}, headless); viewport ${viewport.width}×${viewport.height}`,
  );
  console.log(
    `Date: ${new Date().toISOString()}; load average (1, 5, 15 min) at start ${loadAtStart}, at end ${load()}`,
  );
  console.log(
    `Command: ${command}; wheel steps of ${wheelStep} px; long task = over ${LONG_TASK_MS} ms (PerformanceObserver 'longtask')\n`,
  );
  console.log(
    '| view | pass | time s | longest task ms | tasks > 50 ms | total blocking ms | frames | p95 / max frame gap ms | entries loaded · in DOM at the end | last entry rendered | load at end of view |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    for (const p of r.passes) {
      const f = p.measured;
      console.log(
        `| ${r.view} | ${p.pass} | ${f.seconds} | ${f.longest} | ${f.over50} | ${f.blocking} | ${f.frames} | ${f.p95Gap} / ${f.maxGap} | ${p.end.loaded} · ${p.end.rendered} | #${p.end.lastIndex + 1} ${p.end.lastName} | ${p.load} |`,
      );
    }
  }
  if (traceDir !== undefined) {
    console.log(
      `\nThe same passes in the Chromium trace (${traceDir}): the page's main-thread tasks by wall time and by the thread's CPU time.\n`,
    );
    console.log('| view | pass | tasks | over 50 ms wall | over 50 ms CPU | longest wall ms | longest CPU ms |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of results) {
      for (const p of r.passes) {
        if (p.traced !== undefined)
          console.log(
            `| ${r.view} | ${p.pass} | ${p.traced.tasks} | ${p.traced.wallOver50} | ${p.traced.cpuOver50} | ${p.traced.longestWall} | ${p.traced.longestCpu} |`,
          );
      }
    }
  }
  console.log('\nWhile each page loaded (before scrolling, not part of the target):');
  for (const r of results) {
    for (const p of r.passes)
      console.log(
        `- ${r.view} (${p.pass} page): longest task ${p.loading.longest} ms, ${p.loading.over50} over 50 ms, total blocking ${p.loading.blocking} ms`,
      );
  }
}

await main();
