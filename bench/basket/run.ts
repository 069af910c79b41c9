// The file basket's "Download all" as the product runs it, against downloading the same files one
// by one, in one run: a 2 GiB folder of mixed sizes on radosgw, the real explorer in Chromium, the
// ZIP streamed by the transfer worker through the service worker into a browser download. Memory
// is the tab's renderer (page, Web Worker and service worker run there), sampled from /proc.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { expect, type Page } from '@playwright/test';
import { z } from 'zod';
import { buildApp } from '../upload/app-build';
import { startMeters, type Measured } from '../upload/browser-meters';
import { launchChromium } from '../upload/chromium';
import { onCleanup, runCleanups } from '../upload/processes';
import { startBenchStorage } from '../upload/rgw';
import { startServer } from '../upload/server';

const MIB = 1024 * 1024;
const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
/** 1 is the 2 GiB basket; smaller values shrink every file for a quick check. */
const scale = Number(args.scale);
const log = (line: string) => process.stderr.write(`[basket bench] ${line}\n`);

/** Mixed sizes, 2 GiB in all at scale 1: one large file, some medium, many small. */
const plan = [
  { count: 1, mib: 512 },
  { count: 4, mib: 128 },
  { count: 16, mib: 32 },
  { count: 128, mib: 4 },
];

async function call<T extends z.ZodType>(baseUrl: string, token: string, method: string, path: string, schema: T, body?: unknown): Promise<z.output<T>> {
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

/** Seconds from the click on "Download all" to the finished task, and the saved ZIP. */
async function basketDownload(page: Page, zipPath: string): Promise<number> {
  await page.locator('.shell-panel-button').nth(1).click();
  const downloading = page.waitForEvent('download', { timeout: 1_800_000 });
  const started = Date.now();
  await page.getByRole('dialog').getByRole('button', { name: 'Download all' }).click();
  // A folder's size is known only once listed, so a basket of one folder is not asked about first.
  const question = page.getByRole('alertdialog');
  if (await question.isVisible()) await question.getByRole('button', { name: 'Download anyway' }).click();
  const download = await downloading;
  await download.saveAs(zipPath);
  const seconds = (Date.now() - started) / 1000;
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  return seconds;
}

/** The same files, one browser download after another, each from its direct link. */
async function oneByOne(page: Page, baseUrl: string, token: string, mountPath: string, files: Files, dir: string): Promise<number> {
  const started = Date.now();
  for (const file of files) {
    const link = await call(baseUrl, token, 'GET', `/admin/fs/file-link?path=${encodeURIComponent(`${mountPath}/${file.key}`)}&force_download=true`, z.object({ presignedUrl: z.string() }));
    const downloading = page.waitForEvent('download', { timeout: 600_000 });
    await page.evaluate((url) => {
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = '';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    }, link.presignedUrl);
    const download = await downloading;
    const target = join(dir, file.key.replaceAll('/', '_'));
    await download.saveAs(target);
    if ((await stat(target)).size !== file.size) throw new Error(`${file.key}: wrong size`);
    await rm(target);
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
    for (let i = 0; i < count; i += 1) files.push({ key: `mixed/${size}mib/${i}.bin`, size: Math.round(size * MIB * scale) });
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  log(`putting ${files.length} objects, ${(total / MIB).toFixed(0)} MiB`);
  const chunk = randomBytes(Math.min(64 * MIB, Math.max(...files.map((file) => file.size))));
  for (const file of files) {
    const body = file.size <= chunk.length ? chunk.subarray(0, file.size) : Buffer.concat(Array.from({ length: Math.ceil(file.size / chunk.length) }, () => chunk)).subarray(0, file.size);
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: file.key, Body: body }));
  }
  const configs = await call(baseUrl, token, 'GET', '/s3-configs', z.array(z.object({ id: z.string(), is_default: z.boolean() })));
  const config = configs.find((item) => item.is_default);
  const mountPath = '/bench-basket';
  const mount = await call(baseUrl, token, 'POST', '/admin/mounts', z.object({ id: z.string() }), { name: 'bench', storage_type: 's3', storage_config_id: config?.id, mount_path: mountPath, cache_ttl: 0 });
  await call(baseUrl, token, 'POST', '/admin/fs/refresh', z.unknown(), { mount_id: mount.id });

  const browser = await launchChromium();
  onCleanup(() => browser.close());
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)}); delete Window.prototype.showSaveFilePicker; delete window.showSaveFilePicker;` });
  await page.goto(`${baseUrl}/mount-explorer${mountPath}`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 }).toBe(true);
  const folder = page.locator('.entries').getByRole('listitem').filter({ hasText: 'mixed' });
  await folder.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Add to basket' }).click();
  await page.getByText('Added 1 item to the basket.').waitFor();

  const daemons = await rgw.daemons();
  const targets = { serverPid: server.pid, daemons };
  const zipPath = join(workDir, 'basket.zip');
  const [loadBefore = 0] = loadavg();

  log('one by one');
  const singlesMeter = await startMeters(targets);
  const singleSeconds = await oneByOne(page, baseUrl, token, mountPath, files, workDir);
  const singles: Measured = await singlesMeter.stop();

  log('basket ZIP');
  const zipMeter = await startMeters(targets);
  const zipSeconds = await basketDownload(page, zipPath);
  const zipped: Measured = await zipMeter.stop();
  const [loadAfter = 0] = loadavg();

  const zipSize = (await stat(zipPath)).size;
  const entries = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8', maxBuffer: 16 * MIB }).trim().split('\n').filter((name) => !name.endsWith('/'));
  if (entries.length !== files.length) throw new Error(`ZIP holds ${entries.length} files, expected ${files.length}`);
  execFileSync('unzip', ['-tq', zipPath], { stdio: 'ignore' });

  const rate = (seconds: number) => (total / MIB / seconds).toFixed(1);
  const lines = [
    `date: ${new Date().toISOString()}`,
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
    `command: npx tsx bench/basket/run.ts --scale ${scale}`,
    `basket: ${files.length} files, ${(total / MIB).toFixed(0)} MiB (${plan.map((p) => `${p.count} × ${p.mib * scale} MiB`).join(', ')}); ZIP ${(zipSize / MIB).toFixed(1)} MiB, unzip -t clean`,
    '',
    '| | seconds | MiB/s | tab renderer RssAnon peak MiB | tab renderer RSS peak MiB | other Chromium RSS peak MiB |',
    '|---|---|---|---|---|---|',
    `| one by one (browser downloads) | ${singleSeconds.toFixed(1)} | ${rate(singleSeconds)} | ${mib(singles.tabAnon)} | ${mib(singles.tabRss)} | ${mib(singles.otherChromiumRss)} |`,
    `| basket ZIP (worker + service worker) | ${zipSeconds.toFixed(1)} | ${rate(zipSeconds)} | ${mib(zipped.tabAnon)} | ${mib(zipped.tabRss)} | ${mib(zipped.otherChromiumRss)} |`,
    '',
    `speed ratio (ZIP / one by one): ${(singleSeconds / zipSeconds).toFixed(2)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
