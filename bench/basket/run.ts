// The file basket's "Download all" as the product runs it, against downloading the same files one
// by one, in one run: a 2 GiB folder of mixed sizes on radosgw, the real explorer in Chromium. The
// ZIP is made twice: written by the transfer worker to a file the save picker returned (Chromium's
// path; the picker is answered with a file of the origin private file system, since a benchmark
// cannot click the system dialog) and streamed through the service worker into a browser download
// (the path of browsers without the picker). Each way runs in a fresh browser driven bare over
// the DevTools protocol (Playwright only prepares the profile): Playwright's network tracking keeps
// copies of response bodies in the renderer, which would count against the app. Memory is the
// tab's renderer (page, Web Worker and service worker run there), sampled from /proc.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { type BarePage, launchBareChromium } from '@bench/upload/bare-chromium';
import { z } from 'zod';
import { buildApp } from '@bench/upload/app-build';
import { startMeters, type Measured } from '@bench/upload/browser-meters';
import { launchChromiumWithProfile } from '@bench/upload/chromium';
import { onCleanup, runCleanups } from '@bench/upload/processes';
import { startBenchStorage } from '@bench/upload/rgw';
import { startServer } from '@bench/upload/server';

const MIB = 1024 * 1024;
const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '3' },
    zip: { type: 'string', default: 'both' },
  },
});
/** 1 is the 2 GiB basket; smaller values shrink every file for a quick check. */
const scale = Number(args.scale);
/** The three ways run in turn this many times: one run's one-by-one time moves by a fifth, so the ratio is the median of the rounds. */
const rounds = Number(args.rounds);
/** Which ZIP ways run beside the one-by-one downloads: `picked`, `streamed` or `both` (a quicker check of one way). */
const ways = args.zip === 'both' ? ['picked', 'streamed'] : [args.zip];
if (!ways.every((way) => way === 'picked' || way === 'streamed'))
  throw new Error(`--zip takes picked, streamed or both, not ${args.zip}`);
const log = (line: string) => process.stderr.write(`[basket bench] ${line}\n`);

/** Mixed sizes, 2 GiB in all at scale 1: one large file, some medium, many small. */
const plan = [
  { count: 1, mib: 512 },
  { count: 4, mib: 128 },
  { count: 16, mib: 32 },
  { count: 128, mib: 4 },
];

async function call<T extends z.ZodType>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  schema: T,
  body?: unknown,
): Promise<z.output<T>> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  const { data } = z.object({ data: z.unknown() }).parse(await response.json());
  return schema.parse(data);
}

type Files = { key: string; size: number }[];

type Sink = 'file' | 'stream';

/** The save picker's stand-in: a file of the origin private file system, or a refusal, which sends the ZIP through the service worker. */
const pickerScript = `Object.defineProperty(window, 'showSaveFilePicker', { configurable: true, value: async () => {
  if (window.benchBasketSink !== 'file') throw new DOMException('not offered', 'NotAllowedError');
  const root = await navigator.storage.getDirectory();
  return root.getFileHandle('basket.zip', { create: true });
} });`;

/** Sets up a profile with Playwright: signed in, the service worker installed, the folder in the basket (kept in the local database). */
async function prepareProfile(profile: string, baseUrl: string, token: string, mountPath: string): Promise<void> {
  const context = await launchChromiumWithProfile(profile, { viewport: { width: 1280, height: 900 } });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
    await page.goto(`${baseUrl}/mount-explorer${mountPath}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const folder = page.locator('.entries').getByRole('listitem').filter({ hasText: 'mixed' });
    await folder.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Add to basket' }).click();
    await page.getByText('Added 1 item to the basket.').waitFor();
  } finally {
    await context.close();
  }
}

const findButton = (scope: string, name: RegExp) =>
  `[...document.querySelectorAll(${JSON.stringify(`${scope} button`)})].find((b) => ${name}.test((b.getAttribute('aria-label') ?? b.textContent ?? '').trim()))`;

/** Clicks the first button whose accessible name matches, inside `scope` (a selector), once it shows. */
async function click(page: BarePage, scope: string, name: RegExp): Promise<void> {
  await page.waitFor(findButton(scope, name), 30_000);
  await page.evaluate<void>(`${findButton(scope, name)}.click()`);
}

/** Opens the basket panel and waits until it has counted the basket's folder (not timed). */
async function openBasket(page: BarePage, sink: Sink): Promise<void> {
  await page.evaluate(`window.benchBasketSink = ${JSON.stringify(sink)}`);
  await click(page, 'body', /^Basket/);
  await page.waitFor(
    `!(document.querySelector('[role=dialog]')?.textContent ?? 'Counting').includes('Counting')`,
    120_000,
  );
}

/** The total decides whether the download asks first: a 2 GiB basket does. */
async function clickDownloadAll(page: BarePage): Promise<void> {
  await click(page, '[role=dialog]', /^Download all$/);
  if (await page.evaluate<boolean>(`document.querySelector('[role=alertdialog]') !== null`))
    await click(page, '[role=alertdialog]', /^Download anyway$/);
}

/** Resolves with the file name of each finished browser download, in order. */
function downloads(page: BarePage, dir: string): { next(): Promise<string> } {
  const done: string[] = [];
  const waiting: ((path: string) => void)[] = [];
  page.on('Browser.downloadProgress', (params) => {
    if (params.state !== 'completed') return;
    const path = join(dir, String(params.guid));
    const waiter = waiting.shift();
    if (waiter) waiter(path);
    else done.push(path);
  });
  return {
    next: () => {
      const ready = done.shift();
      return ready === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(ready);
    },
  };
}

/** Seconds from the click on "Download all" to the finished browser download of the streamed ZIP. */
async function streamedZip(page: BarePage, dir: string, zipPath: string): Promise<number> {
  const saved = downloads(page, dir);
  await openBasket(page, 'stream');
  const started = Date.now();
  await clickDownloadAll(page);
  const path = await saved.next();
  const seconds = (Date.now() - started) / 1000;
  await rename(path, zipPath);
  return seconds;
}

/** Seconds from the click on "Download all" to the task panel's "completed" of the ZIP written to the picked file. */
async function pickedFileZip(page: BarePage): Promise<number> {
  await openBasket(page, 'file');
  const started = Date.now();
  await clickDownloadAll(page);
  await click(page, '[role=dialog]', /^Close$/);
  await click(page, 'body', /^Tasks/);
  await page.waitFor(
    `/Download completed: \\d+ succeeded, 0 failed/.test(document.querySelector('[role=dialog]')?.textContent ?? '')`,
    1_800_000,
  );
  return (Date.now() - started) / 1000;
}

/** The origin private file system keeps each file as a plain file of the profile: the ZIP is the one larger than the basket's files together. */
async function storedZip(profile: string, filesBytes: number): Promise<string> {
  const found: string[] = [];
  for (const entry of await readdir(profile, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await stat(path)).size > filesBytes) found.push(path);
  }
  if (found.length !== 1)
    throw new Error(`expected one file larger than ${filesBytes} bytes in the profile, found ${found.length}`);
  return found[0] ?? '';
}

/** Every file is in the ZIP and every CRC checks. */
function checkZip(zipPath: string, files: number): void {
  const entries = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8', maxBuffer: 16 * MIB })
    .trim()
    .split('\n')
    .filter((name) => !name.endsWith('/'));
  if (entries.length !== files) throw new Error(`${zipPath} holds ${entries.length} files, expected ${files}`);
  execFileSync('unzip', ['-tq', zipPath], { stdio: 'ignore' });
}

/** The same files, one browser download after another, each from its direct link. */
async function oneByOne(
  page: BarePage,
  dir: string,
  baseUrl: string,
  token: string,
  mountPath: string,
  files: Files,
): Promise<number> {
  const saved = downloads(page, dir);
  const started = Date.now();
  for (const file of files) {
    const link = await call(
      baseUrl,
      token,
      'GET',
      `/admin/fs/file-link?path=${encodeURIComponent(`${mountPath}/${file.key}`)}&force_download=true`,
      z.object({ presignedUrl: z.string() }),
    );
    await page.evaluate(`(() => {
      const anchor = document.createElement('a');
      anchor.href = ${JSON.stringify(link.presignedUrl)};
      anchor.download = '';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    })()`);
    const path = await saved.next();
    if ((await stat(path)).size !== file.size) throw new Error(`${file.key}: wrong size`);
    await rm(path);
  }
  return (Date.now() - started) / 1000;
}

const mib = (window: { peakMiB: number; baselineMiB: number }) => `${window.peakMiB} (baseline ${window.baselineMiB})`;

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'clipdock-bench-basket-'));
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  log('building the web app');
  const appDir = await buildApp(root, workDir);
  log('starting radosgw');
  const { rgw, client, bucket } = await startBenchStorage(onCleanup);
  const server = await startServer(root, rgw, bucket, { staticDir: appDir });
  onCleanup(server.stop);
  const { baseUrl, token } = server;

  const files: Files = [];
  for (const { count, mib: size } of plan) {
    for (let i = 0; i < count; i += 1)
      files.push({ key: `mixed/${size}mib/${i}.bin`, size: Math.round(size * MIB * scale) });
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  log(`putting ${files.length} objects, ${(total / MIB).toFixed(0)} MiB`);
  const chunk = randomBytes(Math.min(64 * MIB, Math.max(...files.map((file) => file.size))));
  for (const file of files) {
    const body =
      file.size <= chunk.length
        ? chunk.subarray(0, file.size)
        : Buffer.concat(Array.from({ length: Math.ceil(file.size / chunk.length) }, () => chunk)).subarray(
            0,
            file.size,
          );
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: file.key, Body: body }));
  }
  const configs = await call(
    baseUrl,
    token,
    'GET',
    '/s3-configs',
    z.array(z.object({ id: z.string(), is_default: z.boolean() })),
  );
  const config = configs.find((item) => item.is_default);
  const mountPath = '/bench-basket';
  const mount = await call(baseUrl, token, 'POST', '/admin/mounts', z.object({ id: z.string() }), {
    name: 'bench',
    storage_type: 's3',
    storage_config_id: config?.id,
    mount_path: mountPath,
    cache_ttl: 0,
  });
  await call(baseUrl, token, 'POST', '/admin/fs/refresh', z.unknown(), { mount_id: mount.id });

  const daemons = await rgw.daemons();
  const targets = { serverPid: server.pid, daemons };
  const [loadBefore = 0] = loadavg();

  /** Each way runs in a browser of its own, prepared with Playwright and then driven bare, so each starts from a fresh renderer and no DevTools domain keeps copies of the bytes. */
  const measure = async <T>(
    label: string,
    profile: string,
    run: (page: BarePage, downloadDir: string) => Promise<T>,
  ): Promise<{ result: T; measured: Measured }> => {
    log(label);
    await mkdir(profile, { recursive: true });
    await prepareProfile(profile, baseUrl, token, mountPath);
    const downloadDir = join(profile, 'downloads');
    await mkdir(downloadDir);
    const page = await launchBareChromium(profile, `${baseUrl}/mount-explorer${mountPath}`, pickerScript);
    try {
      await page.send('Browser.setDownloadBehavior', {
        behavior: 'allowAndName',
        downloadPath: downloadDir,
        eventsEnabled: true,
      });
      await page.waitFor(
        `navigator.serviceWorker.controller !== null && [...document.querySelectorAll('button')].some((b) => /^Basket, 1 item/.test(b.getAttribute('aria-label') ?? ''))`,
        60_000,
      );
      const meter = await startMeters(targets);
      const result = await run(page, downloadDir);
      const measured = await meter.stop();
      log(`${label}: ${JSON.stringify(result)} s, tab RssAnon ${mib(measured.tabAnon)} MiB`);
      return { result, measured };
    } finally {
      await page.close();
    }
  };

  type Way = { seconds: number; measured: Measured };
  const results: { singles: Way; written?: Way; streamed?: Way }[] = [];
  let zipSize = 0;
  for (let round = 1; round <= rounds; round += 1) {
    const profile = (name: string) => join(workDir, `round-${round}`, name);
    const singles = await measure(`round ${round}: one by one`, profile('singles'), (page, dir) =>
      oneByOne(page, dir, baseUrl, token, mountPath, files),
    );
    const result: (typeof results)[number] = { singles: { seconds: singles.result, measured: singles.measured } };

    if (ways.includes('streamed')) {
      const zipPath = join(workDir, 'basket.zip');
      const streamed = await measure(
        `round ${round}: basket ZIP, streamed through the service worker`,
        profile('stream'),
        (page, dir) => streamedZip(page, dir, zipPath),
      );
      zipSize = (await stat(zipPath)).size;
      checkZip(zipPath, files.length);
      await rm(zipPath);
      result.streamed = { seconds: streamed.result, measured: streamed.measured };
    }

    if (ways.includes('picked')) {
      const fileProfile = profile('file');
      const written = await measure(`round ${round}: basket ZIP, written to the picked file`, fileProfile, (page) =>
        pickedFileZip(page),
      );
      const stored = await storedZip(fileProfile, total);
      zipSize = (await stat(stored)).size;
      checkZip(stored, files.length);
      result.written = { seconds: written.result, measured: written.measured };
    }
    await rm(join(workDir, `round-${round}`), { recursive: true, force: true });
    results.push(result);
  }
  const [loadAfter = 0] = loadavg();

  const rate = (seconds: number) => (total / MIB / seconds).toFixed(1);
  /** CPU seconds of the tab's renderer, of Chromium's browser and network processes, and of the storage (radosgw and its OSD). */
  const cpu = ({ cpuSeconds: c }: Measured) =>
    `${(c.renderer ?? 0).toFixed(1)} / ${((c.browser ?? 0) + (c.network ?? 0)).toFixed(1)} / ${((c.radosgw ?? 0) + (c.osd ?? 0)).toFixed(1)}`;
  const row = (round: number, label: string, way: Way, singles: number) =>
    `| ${round} | ${label} | ${way.seconds.toFixed(1)} | ${rate(way.seconds)} | ${(singles / way.seconds).toFixed(2)} | ${cpu(way.measured)} | ${mib(way.measured.tabAnon)} | ${mib(way.measured.tabRss)} |`;
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  };
  const ratios = (way: 'written' | 'streamed') =>
    results.flatMap((result) => (result[way] === undefined ? [] : [result.singles.seconds / result[way].seconds]));
  const peak = (way: 'written' | 'streamed') =>
    Math.max(...results.flatMap((result) => (result[way] === undefined ? [] : [result[way].measured.tabAnon.peakMiB])));
  const lines = [
    `date: ${new Date().toISOString()}`,
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
    `command: npx tsx bench/basket/run.ts --scale ${scale} --rounds ${rounds} --zip ${args.zip}`,
    `basket: ${files.length} files, ${(total / MIB).toFixed(0)} MiB (${plan.map((p) => `${p.count} × ${p.mib * scale} MiB`).join(', ')}); ZIP ${(zipSize / MIB).toFixed(1)} MiB, every ZIP unzip -t clean`,
    '',
    '| round | | seconds | MiB/s | speed vs one by one (same round) | CPU s: tab renderer / browser + network / radosgw + OSD | tab renderer RssAnon peak MiB | tab renderer RSS peak MiB |',
    '|---|---|---|---|---|---|---|---|',
    ...results.flatMap((result, i) => [
      row(i + 1, 'one by one (browser downloads)', result.singles, result.singles.seconds),
      ...(result.written === undefined
        ? []
        : [row(i + 1, 'basket ZIP to the picked file (worker)', result.written, result.singles.seconds)]),
      ...(result.streamed === undefined
        ? []
        : [row(i + 1, 'basket ZIP streamed (worker + service worker)', result.streamed, result.singles.seconds)]),
    ]),
    '',
    ...(['written', 'streamed'] as const).flatMap((way) =>
      ratios(way).length === 0
        ? []
        : [
            `${way === 'written' ? 'picked file' : 'streamed'}: median speed vs one by one over ${rounds} rounds ${median(ratios(way)).toFixed(2)} ×, peak tab RssAnon ${peak(way)} MiB`,
          ],
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
