// Upload benchmark, request mode: the same file (2 GiB by default) into radosgw from Chromium
// through a file request's page (/request/{slug}, a fresh browser with no account) and through
// the upload page, alternating which goes first, round after round in the same run; then one
// request upload reloaded when half its parts are acknowledged, resumed with the same file.
// Prints markdown: throughput of both (the request's to its receipt complete, the SHA-256 shown),
// their ratio (target ≥ 0.95), the time to "Arrived" beside it, tab memory, the resume.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DeleteObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { buildApp } from './app-build';
import { uploadToRequestInBrowser, type RequestUpload } from './browser-request';
import { uploadInBrowser, type BrowserUpload } from './browser-upload';
import { launchChromium } from './chromium';
import { onCleanup, runCleanups } from './processes';
import { writeRandomFile } from './random-file';
import { median } from './report';
import { mountBucket, newRequest } from './request-setup';
import { startBenchStorage } from './rgw';
import { startServer } from './server';
import { verifyObject } from './verify';

const MIB = 1024 * 1024;
const TARGET = 0.95;
const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'size-mib': { type: 'string', default: '2048' },
    'reload-at': { type: 'string', default: '0.5' },
  },
});
const runs = Number(args.runs);
const size = Number(args['size-mib']) * MIB;
const log = (line: string) => process.stderr.write(`[request upload bench] ${line}\n`);

async function keys(client: S3Client, bucket: string): Promise<string[]> {
  const found: string[] = [];
  let token: string | undefined;
  do {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of listed.Contents ?? []) if (object.Key !== undefined) found.push(object.Key);
    token = listed.NextContinuationToken;
  } while (token !== undefined);
  return found;
}

/** The one object the last upload added: checked (SHA-256 when `download`), then deleted to keep the disk free. */
async function checkNew(client: S3Client, bucket: string, before: Set<string>, sha256: string, download: boolean) {
  const added = (await keys(client, bucket)).filter((k) => !before.has(k) && !k.startsWith('.clipdock-thumbs/'));
  const [key, ...extra] = added.filter((k) => !k.endsWith('/'));
  if (key === undefined || extra.length > 0) throw new Error(`expected one new object, found ${added.join(', ')}`);
  const verified = await verifyObject(client, bucket, key, { size, sha256 }, download);
  await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  return verified;
}

const mbps = (seconds: number) => size / 1e6 / seconds;
const fixed = (n: number, digits = 1) => n.toFixed(digits);
const ms = (n: number | undefined) => (n === undefined ? '–' : String(Math.round(n)));

/** Where one page's upload spent its time and CPU: a row of the phase table. */
function phases(label: string, seconds: number, upload: BrowserUpload | RequestUpload, load: number): string {
  const parts = 'partTimings' in upload ? upload.partTimings : upload.parts;
  const first = parts.reduce((min, p) => Math.min(min, p.startMs), Number.POSITIVE_INFINITY);
  const last = parts.reduce((max, p) => Math.max(max, p.endMs), 0);
  const call = (name: string) => upload.api.find((c) => c.path.endsWith(name))?.ms;
  const cpu = upload.cpuSeconds;
  const store = (cpu.radosgw ?? 0) + (cpu.osd ?? 0);
  return `| ${label} | ${ms(first)} | ${ms(last)} | ${ms(seconds * 1000)} | ${ms(seconds * 1000 - last)} | ${ms(call('multipart/init'))} / ${ms(call('multipart/complete'))} / ${ms(call('commit'))} | ${fixed(cpu.renderer ?? 0)} | ${fixed(cpu.network ?? 0)} | ${fixed(cpu.browser ?? 0)} | ${fixed(store)} | ${fixed(cpu.server ?? 0)} | ${upload.system.busyPercent} | ${fixed(load, 2)} |`;
}

const rss = (w: { baselineMiB: number; peakMiB: number }) =>
  `${fixed(w.baselineMiB)} → ${fixed(w.peakMiB)} (+${fixed(w.peakMiB - w.baselineMiB)})`;

type Round = { page: BrowserUpload; request: RequestUpload; order: string; load: number; verified: string };

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'clipdock-bench-request-'));
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  log('building the web app');
  const appDir = await buildApp(root, workDir);
  log('starting radosgw (bluestore)');
  const { rgw, client, bucket } = await startBenchStorage(onCleanup);
  log('starting the server');
  const server = await startServer(root, rgw, bucket, { staticDir: appDir });
  onCleanup(server.stop);
  const folder = await mountBucket(server, bucket);
  const path = join(workDir, `random-${size / MIB}mib.bin`);
  log(`writing ${size / MIB} MiB of random bytes`);
  const sha256 = await writeRandomFile(path, size);
  const browser = await launchChromium();
  onCleanup(() => browser.close());
  const daemons = await rgw.daemons();
  const meters = { serverPid: server.pid, daemons };

  const rounds: Round[] = [];
  for (let i = 0; i < runs; i += 1) {
    const [load = 0] = loadavg();
    const pageFirst = i % 2 === 0;
    const viaPage = async () => {
      log(`run ${i + 1}: upload page (load ${fixed(load, 2)})`);
      const before = new Set(await keys(client, bucket));
      const result = await uploadInBrowser(browser, {
        baseUrl: server.baseUrl,
        token: server.token,
        path,
        storageOrigin: rgw.endpoint,
        ...meters,
      });
      await checkNew(client, bucket, before, sha256, false);
      return result;
    };
    const viaRequest = async () => {
      log(`run ${i + 1}: request page`);
      const before = new Set(await keys(client, bucket));
      const slug = await newRequest(server, folder, `Bench round ${i + 1}`);
      const result = await uploadToRequestInBrowser(browser, {
        baseUrl: server.baseUrl,
        slug,
        path,
        storageOrigin: rgw.endpoint,
        ...meters,
      });
      return { result, verified: await checkNew(client, bucket, before, sha256, i === 0) };
    };
    let page: BrowserUpload;
    let request: { result: RequestUpload; verified: string };
    if (pageFirst) {
      page = await viaPage();
      request = await viaRequest();
    } else {
      request = await viaRequest();
      page = await viaPage();
    }
    rounds.push({
      page,
      request: request.result,
      order: pageFirst ? 'upload page, request' : 'request, upload page',
      load,
      verified: request.verified,
    });
  }

  log(`resume: a request upload reloaded at ${Number(args['reload-at']) * 100} % of its parts`);
  const before = new Set(await keys(client, bucket));
  const slug = await newRequest(server, folder, 'Bench resume');
  const resumed = await uploadToRequestInBrowser(browser, {
    baseUrl: server.baseUrl,
    slug,
    path,
    storageOrigin: rgw.endpoint,
    reloadAt: Number(args['reload-at']),
    ...meters,
  });
  const resumedVerified = await checkNew(client, bucket, before, sha256, true);

  const cpuModel = /model name\s*:\s*(.+)/.exec(await readFile('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU';
  // The request's upload is over when its receipt is whole: the file arrived and its SHA-256 shown.
  const ratios = rounds.map((r) => r.page.seconds / r.request.hashSeconds);
  const lines = [
    `Request mode: ${cpuModel}, ${cpus().length} cores; file ${size / MIB} MiB; both pages on the app's transfer worker defaults`,
    '',
    '| run | upload page MB/s | request page MB/s (to the SHA-256 shown) | request / upload page | tab RSS MiB, upload page | tab RSS MiB, request | tab RssAnon MiB, request | server RSS MiB, request | order | verified (request) | load |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${fixed(mbps(r.page.seconds))} | ${fixed(mbps(r.request.hashSeconds))} | ${fixed(ratios[i] ?? 0, 2)} | ${rss(r.page.tabRss)} | ${rss(r.request.tabRss)} | ${rss(r.request.tabAnon)} | ${rss(r.request.serverRss)} | ${r.order} | ${r.verified} | ${fixed(r.load, 2)} |`,
    ),
    `| **median** | ${fixed(median(rounds.map((r) => mbps(r.page.seconds))))} | ${fixed(median(rounds.map((r) => mbps(r.request.hashSeconds))))} | ${fixed(median(ratios), 2)} | | | | | | | |`,
    '',
    'The receipt: "Arrived" is shown at the commit, the SHA-256 (computed beside the upload) when it is done (s after the change event):',
    '',
    '| run | upload page s | request s to "Arrived" | request / upload page to "Arrived" | request s to SHA-256 shown | SHA-256 after "Arrived" s | load |',
    '|---|---|---|---|---|---|---|',
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${fixed(r.page.seconds, 2)} | ${fixed(r.request.seconds, 2)} | ${fixed(r.page.seconds / r.request.seconds, 2)} | ${fixed(r.request.hashSeconds, 2)} | ${fixed(r.request.hashSeconds - r.request.seconds, 2)} | ${fixed(r.load, 2)} |`,
    ),
    '',
    "Where the time went (ms after the click or the change event; CPU seconds over the upload, the request's until its SHA-256 is shown):",
    '',
    '| run, page | first PUT starts | last PUT ends | done | after the last PUT | init / complete / commit ms | tab renderer CPU s | network CPU s | browser CPU s | radosgw + osd CPU s | server CPU s | cores busy % | load |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rounds.flatMap((r, i) => [
      phases(`${i + 1}, upload page`, r.page.seconds, r.page, r.load),
      phases(`${i + 1}, request`, r.request.seconds, r.request, r.load),
    ]),
    '',
    `Target: request (to its SHA-256 shown) ≥ ${TARGET} × upload page → median ${fixed(median(ratios), 2)}: ${median(ratios) >= TARGET ? 'met' : 'missed'}.`,
    '',
    resumed.resume === null
      ? 'Resume: not measured.'
      : `Resume (reload at ${Number(args['reload-at']) * 100} %): ${resumed.resume.partCount} parts; ${resumed.resume.acknowledged} acknowledged before the reload; ${resumed.resume.sentAfter} PUT after it, ${resumed.resume.sentAgain} of them already acknowledged; ${fixed(resumed.resume.afterReloadSeconds)} s from the reload to "Arrived" and ${fixed(resumed.resume.afterReloadHashSeconds)} s to the SHA-256 shown, ${fixed(resumed.seconds)} s in all; tab RSS ${rss(resumed.tabRss)} MiB; object ${resumedVerified}.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

try {
  await main();
} finally {
  await runCleanups();
}
