// End-to-end encryption against no encryption, in one run (docs/encryption.md):
// 1. upload: the same 1 GiB random file through the real upload page in Chromium into radosgw,
//    once plain and once with "End-to-end encrypted" ticked (the transfer worker seals each part
//    record by record), in alternating order each round;
// 2. download: the same 2 GiB, shared once plain and once encrypted (uploaded by the transfer
//    engine in this process, sealed as the browser seals), saved by Chromium from the share page:
//    the plain file by its download link, the encrypted one by "Download", which the service
//    worker opens as a stream. Each download runs in a fresh browser driven bare over the DevTools
//    protocol (Playwright's network tracking would keep copies of the bytes in the renderer), and
//    every saved file is checked against the source's SHA-256.
// Memory is the tab's renderer (page, Web Worker and service worker run there), from /proc.
import { createHash } from 'node:crypto';
import { createReadStream, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { newSecret, toBase64Url } from '@shared/e2ee/keys';
import { sealedSize } from '@shared/e2ee/records';
import { sealFile } from '@shared/e2ee/share';
import { createTransferEngine } from '@workers/engine';
import { createFetchTransport } from '@workers/put-transport';
import { createUploadApi } from '@workers/upload-api';
import { buildApp } from './app-build';
import { launchBareChromium } from './bare-chromium';
import { startMeters, type Measured } from './browser-meters';
import { uploadInBrowser, type BrowserUpload } from './browser-upload';
import { launchChromium } from './chromium';
import { onCleanup, runCleanups } from './processes';
import { writeRandomFile } from './random-file';
import { startBenchStorage } from './rgw';
import { startServer } from './server';
import { verifyObject } from './verify';

const MIB = 1024 * 1024;
const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'upload-mib': { type: 'string', default: '1024' },
    'download-mib': { type: 'string', default: '2048' },
    only: { type: 'string', default: 'both' },
  },
});
const rounds = Number(args.rounds);
const uploadSize = Number(args['upload-mib']) * MIB;
const downloadSize = Number(args['download-mib']) * MIB;
const only = args.only;
const log = (line: string) => process.stderr.write(`[e2ee bench] ${line}\n`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const mib = (window: { peakMiB: number; baselineMiB: number }) => `${window.peakMiB} (baseline ${window.baselineMiB})`;
/** CPU seconds of each group of processes (renderer, browser, network, radosgw, osd, server), for where the time went. */
const cpuOf = (cpu: Record<string, number>) =>
  ['renderer', 'browser', 'network', 'radosgw', 'osd', 'server'].map((name) => (cpu[name] ?? 0).toFixed(1)).join(' / ');

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function keysIn(client: S3Client, bucket: string): Promise<Set<string>> {
  const keys = new Set<string>();
  let token: string | undefined;
  do {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of listed.Contents ?? []) if (object.Key !== undefined) keys.add(object.Key);
    token = listed.NextContinuationToken;
  } while (token !== undefined);
  return keys;
}

/** A share made by the transfer engine in this process (sealed as the browser seals it when `sealed`). */
async function shareWithEngine(baseUrl: string, token: string, path: string, sealed: boolean) {
  const file = await openAsBlob(path);
  const engine = createTransferEngine({
    api: createUploadApi({
      fetch,
      connection: () => ({ baseUrl: `${baseUrl}/api`, credentials: { scheme: 'admin', token } }),
    }),
    transport: createFetchTransport(fetch),
    now: () => performance.now(),
    sleep: (ms, signal) => delay(ms, undefined, { signal }).catch(() => undefined),
  });
  const secret = newSecret();
  const seal = sealed
    ? {
        secret: toBase64Url(secret),
        header: (await sealFile(secret, { name: 'download.bin', type: 'application/octet-stream', size: file.size }))
          .header,
      }
    : undefined;
  const result = await engine.upload({
    id: sealed ? 'sealed' : 'plain',
    file,
    filename: 'download.bin',
    mimetype: 'application/octet-stream',
    ...(seal === undefined ? {} : { e2ee: seal }),
  });
  if (!result.ok) throw new Error(`engine upload failed: ${result.code} ${result.message}`);
  return { slug: result.share.slug, fragment: seal === undefined ? '' : `#k=${seal.secret}` };
}

type Download = { seconds: number; measured: Measured };

/** One download from the share page in a fresh bare Chromium: the plain link, or "Download" through the service worker. */
async function downloadInBrowser(
  workDir: string,
  url: string,
  sealed: boolean,
  expected: { size: number; sha256: string },
  targets: { serverPid: number; daemons: Record<string, number> },
): Promise<Download> {
  const profile = await mkdtemp(join(workDir, 'profile-'));
  const downloadDir = join(profile, 'downloads');
  await mkdir(downloadDir);
  const page = await launchBareChromium(profile, url, '');
  try {
    await page.send('Browser.setDownloadBehavior', {
      behavior: 'allowAndName',
      downloadPath: downloadDir,
      eventsEnabled: true,
    });
    // The service worker controls the page from its second load on.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    if (!(await page.evaluate<boolean>('navigator.serviceWorker.controller !== null'))) {
      await page.evaluate('location.reload()');
      await page.waitFor('navigator.serviceWorker.controller !== null', 60_000);
    }
    const find = sealed
      ? `[...document.querySelectorAll('main button')].find((b) => b.textContent.trim() === 'Download')`
      : `[...document.querySelectorAll('main a')].find((a) => a.textContent.trim() === 'Download')`;
    await page.waitFor(find, 60_000);
    const done = new Promise<string>((resolve, reject) =>
      page.on('Browser.downloadProgress', (params) => {
        if (params.state === 'completed') resolve(join(downloadDir, String(params.guid)));
        if (params.state === 'canceled') reject(new Error('the download was cancelled'));
      }),
    );
    const meter = await startMeters(targets);
    const started = Date.now();
    await page.evaluate(`${find}.click()`);
    const saved = await done;
    const seconds = (Date.now() - started) / 1000;
    const measured = await meter.stop();
    const size = (await stat(saved)).size;
    if (size !== expected.size) throw new Error(`saved ${size} bytes, expected ${expected.size}`);
    if ((await sha256Of(saved)) !== expected.sha256) throw new Error('the saved file differs from the source');
    return { seconds, measured };
  } finally {
    await page.close();
    // Chromium may still be writing to its profile as it exits: retried.
    await rm(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'clipdock-bench-e2ee-'));
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  log('building the web app');
  const appDir = await buildApp(root, workDir);
  log('starting radosgw (bluestore)');
  const { rgw, client, bucket } = await startBenchStorage(onCleanup);
  const server = await startServer(root, rgw, bucket, { staticDir: appDir });
  onCleanup(server.stop);
  const { baseUrl, token } = server;
  // Room for 2 GiB sealed (2 GiB and 512 KiB of tags).
  const settings = await fetch(`${baseUrl}/api/admin/system-settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ max_upload_size: 4, max_upload_size_unit: 'GB' }),
  });
  if (!settings.ok) throw new Error(`system settings: HTTP ${settings.status}`);
  const daemons = await rgw.daemons();
  const targets = { serverPid: server.pid, daemons };
  const [loadBefore = 0] = loadavg();
  const lines: string[] = [];

  if (only !== 'download') {
    const path = join(workDir, 'upload.bin');
    log(`writing ${uploadSize / MIB} MiB of random bytes`);
    const sha256 = await writeRandomFile(path, uploadSize);
    const browser = await launchChromium();
    onCleanup(() => browser.close());
    const results: { plain: BrowserUpload; sealed: BrowserUpload; load: number }[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const [load = 0] = loadavg();
      const one = async (encrypted: boolean) => {
        log(`round ${round}: ${encrypted ? 'encrypted' : 'plain'} upload (load ${loadavg()[0]?.toFixed(2)})`);
        const before = await keysIn(client, bucket);
        const upload = await uploadInBrowser(browser, {
          baseUrl,
          token,
          path,
          storageOrigin: rgw.endpoint,
          ...targets,
          encrypted,
        });
        const [key, ...extra] = [...(await keysIn(client, bucket))].filter((k) => !before.has(k));
        if (key === undefined || extra.length > 0) throw new Error('expected one new object');
        if (encrypted) {
          const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
          if (head.ContentLength !== sealedSize(uploadSize)) throw new Error(`sealed object of ${head.ContentLength}`);
        } else {
          await verifyObject(client, bucket, key, { size: uploadSize, sha256 }, false);
        }
        log(
          `  ${upload.seconds.toFixed(1)} s, tab RssAnon ${mib(upload.tabAnon)} MiB, CPU s ${cpuOf(upload.cpuSeconds)}`,
        );
        return upload;
      };
      const plainFirst = round % 2 === 1;
      const first = await one(!plainFirst);
      const second = await one(plainFirst);
      results.push({ plain: plainFirst ? first : second, sealed: plainFirst ? second : first, load });
    }
    await browser.close();
    await rm(path);
    const rate = (seconds: number) => (uploadSize / MIB / seconds).toFixed(1);
    lines.push(
      `### upload, ${uploadSize / MIB} MiB from the upload page in Chromium into radosgw`,
      '',
      '| round | load | plain s | plain MiB/s | encrypted s | encrypted MiB/s | encrypted × plain | tab RssAnon peak MiB plain | encrypted | tab renderer CPU s plain / encrypted |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...results.map(
        ({ plain, sealed, load }, i) =>
          `| ${i + 1} | ${load.toFixed(1)} | ${plain.seconds.toFixed(1)} | ${rate(plain.seconds)} | ${sealed.seconds.toFixed(1)} | ${rate(sealed.seconds)} | ${(plain.seconds / sealed.seconds).toFixed(2)} | ${mib(plain.tabAnon)} | ${mib(sealed.tabAnon)} | ${(plain.cpuSeconds.renderer ?? 0).toFixed(1)} / ${(sealed.cpuSeconds.renderer ?? 0).toFixed(1)} |`,
      ),
      '',
      `median encrypted × plain over ${rounds} rounds: ${median(results.map((r) => r.plain.seconds / r.sealed.seconds)).toFixed(2)} ×; peak tab RssAnon encrypted ${Math.max(...results.map((r) => r.sealed.tabAnon.peakMiB))} MiB, plain ${Math.max(...results.map((r) => r.plain.tabAnon.peakMiB))} MiB`,
      '',
      'CPU s renderer / browser / network / radosgw / osd / server, plain | encrypted; both cores busy %:',
      ...results.map(
        ({ plain, sealed }, i) =>
          `- round ${i + 1}: ${cpuOf(plain.cpuSeconds)} | ${cpuOf(sealed.cpuSeconds)}; busy ${plain.system.busyPercent} | ${sealed.system.busyPercent} %`,
      ),
      '',
    );
  }

  if (only !== 'upload') {
    const path = join(workDir, 'download.bin');
    log(`writing ${downloadSize / MIB} MiB of random bytes`);
    const sha256 = await writeRandomFile(path, downloadSize);
    log('sharing it plain and encrypted with the transfer engine');
    const plainShare = await shareWithEngine(baseUrl, token, path, false);
    const sealedShare = await shareWithEngine(baseUrl, token, path, true);
    const expected = { size: downloadSize, sha256 };
    const results: { plain: Download; sealed: Download; load: number }[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const [load = 0] = loadavg();
      const one = async (sealed: boolean) => {
        log(`round ${round}: ${sealed ? 'encrypted' : 'plain'} download (load ${loadavg()[0]?.toFixed(2)})`);
        const share = sealed ? sealedShare : plainShare;
        const run = await downloadInBrowser(
          workDir,
          `${baseUrl}/file/${share.slug}${share.fragment}`,
          sealed,
          expected,
          targets,
        );
        log(
          `  ${run.seconds.toFixed(1)} s, tab RssAnon ${mib(run.measured.tabAnon)} MiB, CPU s ${cpuOf(run.measured.cpuSeconds)}`,
        );
        return run;
      };
      const plainFirst = round % 2 === 1;
      const first = await one(!plainFirst);
      const second = await one(plainFirst);
      results.push({ plain: plainFirst ? first : second, sealed: plainFirst ? second : first, load });
    }
    const rate = (seconds: number) => (downloadSize / MIB / seconds).toFixed(1);
    lines.push(
      `### download, ${downloadSize / MIB} MiB from the share page in Chromium (bare), every saved file checked by SHA-256`,
      '',
      '| round | load | plain s | plain MiB/s | encrypted s | encrypted MiB/s | encrypted × plain | tab RssAnon peak MiB plain | encrypted | tab RSS peak MiB encrypted | tab renderer CPU s plain / encrypted |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...results.map(
        ({ plain, sealed, load }, i) =>
          `| ${i + 1} | ${load.toFixed(1)} | ${plain.seconds.toFixed(1)} | ${rate(plain.seconds)} | ${sealed.seconds.toFixed(1)} | ${rate(sealed.seconds)} | ${(plain.seconds / sealed.seconds).toFixed(2)} | ${mib(plain.measured.tabAnon)} | ${mib(sealed.measured.tabAnon)} | ${sealed.measured.tabRss.peakMiB} | ${(plain.measured.cpuSeconds.renderer ?? 0).toFixed(1)} / ${(sealed.measured.cpuSeconds.renderer ?? 0).toFixed(1)} |`,
      ),
      '',
      `median encrypted × plain over ${rounds} rounds: ${median(results.map((r) => r.plain.seconds / r.sealed.seconds)).toFixed(2)} ×; peak tab RssAnon encrypted ${Math.max(...results.map((r) => r.sealed.measured.tabAnon.peakMiB))} MiB, RSS ${Math.max(...results.map((r) => r.sealed.measured.tabRss.peakMiB))} MiB`,
      '',
      'CPU s renderer / browser / network / radosgw / osd / server, plain | encrypted; both cores busy %:',
      ...results.map(
        ({ plain, sealed }, i) =>
          `- round ${i + 1}: ${cpuOf(plain.measured.cpuSeconds)} | ${cpuOf(sealed.measured.cpuSeconds)}; busy ${plain.measured.system.busyPercent} | ${sealed.measured.system.busyPercent} %`,
      ),
      '',
    );
  }
  const [loadAfter = 0] = loadavg();
  process.stdout.write(
    [
      `date: ${new Date().toISOString()}`,
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
      `command: npx tsx bench/upload/e2ee.ts --rounds ${rounds} --upload-mib ${uploadSize / MIB} --download-mib ${downloadSize / MIB} --only ${only}`,
      '',
      ...lines,
    ].join('\n'),
  );
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
