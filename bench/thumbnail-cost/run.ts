// What the worker's thumbnails cost an upload of photos: the real upload page in Chromium (the
// production build, the transfer worker), N phone-sized JPEGs (12 megapixels, q 90) sent to a
// private radosgw through the real server, once with thumbnails and once without, in the same run
// and with the same bytes. "Without" is the same files under names the worker makes no thumbnail
// of (`.jpg.bin`, hard links to the same inodes): nothing else differs, so the difference is the
// decode, the two WebP encodes, the base64, the thumbnail call and the server's check and store.
// Rounds alternate which goes first; each is timed in the page from the click on "Upload (N)" to
// the last share link, and (with thumbnails, which follow the answers one at a time) to the last
// thumbnail stored. Prints every round, the medians and the median ratios.
// Options: --photos=<n> (default 100), --rounds=<n> (default 3).
import { link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { buildApp } from '@bench/upload/app-build';
import { launchChromium } from '@bench/upload/chromium';
import { onCleanup, runCleanups } from '@bench/upload/processes';
import { startBenchStorage } from '@bench/upload/rgw';
import { startServer } from '@bench/upload/server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({
  options: { photos: { type: 'string', default: '100' }, rounds: { type: 'string', default: '3' } },
});
const photos = Number(args.photos);
const rounds = Number(args.rounds);
const log = (line: string) => process.stderr.write(`[thumbnail cost bench] ${line}\n`);
const UPLOAD_TIMEOUT_MS = 900_000;

/** A 4000×3000 photo-like JPEG: smooth colour with grain, as a phone camera writes (q 90). */
async function photo(seed: number): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(grain)
    .resize(4000, 3000, { kernel: 'cubic' })
    .modulate({ hue: seed * 47, saturation: 1.4 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** `seconds`: click to the last share link; `thumbnailSeconds`: click to the last thumbnail stored. */
type Timed = { seconds: number; thumbnailSeconds: number | null; thumbnailCalls: number; storedByLastLink: number };

/** One batch through the upload page: every file chosen at once, timed from the click to the last link. */
async function uploadBatch(
  browser: Browser,
  baseUrl: string,
  token: string,
  paths: string[],
  expectThumbnails: boolean,
): Promise<Timed> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US' });
  try {
    await context.addInitScript({ content: `window.localStorage.setItem('admin_token', ${JSON.stringify(token)});` });
    let thumbnailCalls = 0;
    let lastThumbnailAt = 0;
    const storedAt: number[] = [];
    context.on('requestfinished', (request) => {
      if (!request.url().endsWith('/api/s3/thumbnail')) return;
      thumbnailCalls += 1;
      lastThumbnailAt = performance.now();
      storedAt.push(lastThumbnailAt);
    });
    const page = await context.newPage();
    await page.goto('/upload');
    await page.getByRole('heading', { name: 'Upload files' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(paths);
    const start = page.getByRole('button', { name: `Upload (${paths.length})` });
    await start.waitFor();
    const watch = await page.evaluateHandle((count) => {
      let clickedAt = 0;
      document.addEventListener('click', () => (clickedAt ||= performance.now()), { capture: true });
      // No named functions in here: the bundler's name helper does not exist in the page.
      const done = new Promise<{ ms: number; failure: string | null }>((resolve) => {
        const observer = new MutationObserver(() => {
          const failed = document.querySelector('.upload-row[data-status="error"]');
          const links = document.querySelectorAll('.upload-row [data-testid="share-link"]').length;
          if (failed === null && links < count) return;
          observer.disconnect();
          resolve({ ms: performance.now() - clickedAt, failure: failed?.textContent ?? null });
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      });
      return { done };
    }, paths.length);
    const clickedAt = performance.now();
    await start.click();
    const result = await Promise.race([watch.evaluate((w) => w.done), delay(UPLOAD_TIMEOUT_MS, null, { ref: false })]);
    if (result === null) throw new Error(`no ${paths.length} share links after ${UPLOAD_TIMEOUT_MS / 1000} s`);
    if (result.failure !== null) throw new Error(`an upload failed in the page: ${result.failure}`);
    // Thumbnails follow the answers, one at a time: wait for them (closing the page would end the
    // worker) so they never spill into the next batch's time.
    if (expectThumbnails) {
      const deadline = performance.now() + UPLOAD_TIMEOUT_MS;
      while (thumbnailCalls < paths.length && performance.now() < deadline) await delay(100);
    } else await delay(1_000);
    return {
      seconds: result.ms / 1000,
      thumbnailSeconds: thumbnailCalls === 0 ? null : (lastThumbnailAt - clickedAt) / 1000,
      thumbnailCalls,
      storedByLastLink: storedAt.filter((at) => at - clickedAt <= result.ms).length,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'clipdock-bench-thumbcost-'));
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  log('building the web app (last commit + working src/workers)');
  const appDir = await buildApp(root, workDir);
  log(`writing ${photos} 12-megapixel JPEGs`);
  const originals = join(workDir, 'originals');
  await mkdir(originals);
  let bytes = 0;
  const originalPaths: string[] = [];
  for (let i = 1; i <= photos; i += 1) {
    const jpeg = await photo(i);
    bytes += jpeg.length;
    const path = join(originals, `${i}`);
    await writeFile(path, jpeg);
    originalPaths.push(path);
  }
  log('starting radosgw and the server');
  const { rgw, bucket } = await startBenchStorage(onCleanup);
  const server = await startServer(root, rgw, bucket, { staticDir: appDir });
  onCleanup(server.stop);
  const browser = await launchChromium();
  onCleanup(() => browser.close());

  /** Hard links of the originals under this round's names: `.jpg` gets thumbnails, `.jpg.bin` none. */
  const named = async (round: number, thumbnails: boolean) => {
    const dir = join(workDir, `r${round}-${thumbnails ? 'with' : 'without'}`);
    await mkdir(dir);
    return Promise.all(
      originalPaths.map(async (path, index) => {
        const name = `r${round}-photo-${String(index + 1).padStart(3, '0')}.jpg${thumbnails ? '' : '.bin'}`;
        await link(path, join(dir, name));
        return join(dir, name);
      }),
    );
  };

  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(
    `${photos} photos, ${(bytes / 1024 / 1024).toFixed(0)} MiB in all (${(bytes / photos / 1024 / 1024).toFixed(1)} MiB each), ${cpus().length} cores`,
  );
  out(
    '| round | order | without thumbnails (s) | with thumbnails: last link (s) | cost | last thumbnail stored (s) | cost until then | thumbnail calls (stored by the last link) | load (1 min) |',
  );
  out('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const without: number[] = [];
  const withThumbs: number[] = [];
  const costs: number[] = [];
  const untilThumbnails: number[] = [];
  const totalCosts: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const withFirst = round % 2 === 0;
    const run = async (thumbnails: boolean) =>
      uploadBatch(browser, server.baseUrl, server.token, await named(round, thumbnails), thumbnails);
    const first = await run(withFirst);
    const second = await run(!withFirst);
    const on = withFirst ? first : second;
    const off = withFirst ? second : first;
    if (on.thumbnailCalls !== photos) log(`round ${round}: ${on.thumbnailCalls} thumbnail calls, not ${photos}`);
    if (off.thumbnailCalls !== 0) throw new Error(`the run without thumbnails made ${off.thumbnailCalls} calls`);
    const cost = on.seconds / off.seconds - 1;
    const stored = Math.max(on.seconds, on.thumbnailSeconds ?? 0);
    const totalCost = stored / off.seconds - 1;
    untilThumbnails.push(stored);
    totalCosts.push(totalCost);
    without.push(off.seconds);
    withThumbs.push(on.seconds);
    costs.push(cost);
    out(
      `| ${round} | ${withFirst ? 'with first' : 'without first'} | ${off.seconds.toFixed(1)} | ${on.seconds.toFixed(1)} | ${(cost * 100).toFixed(1)} % | ${stored.toFixed(1)} | ${(totalCost * 100).toFixed(1)} % | ${on.thumbnailCalls} (${on.storedByLastLink}) | ${loadavg()[0]?.toFixed(2)} |`,
    );
  }
  out(
    `| median | | ${median(without).toFixed(1)} | ${median(withThumbs).toFixed(1)} | ${(median(costs) * 100).toFixed(1)} % | ${median(untilThumbnails).toFixed(1)} | ${(median(totalCosts) * 100).toFixed(1)} % | | |`,
  );
}

try {
  await main();
} finally {
  await runCleanups();
}
