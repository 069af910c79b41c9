// What Chromium charges for the two ways a basket ZIP reaches the disk, with no network and no ZIP
// in the way: the same bytes, made in JavaScript, written (1) by a dedicated worker into a file
// through the File System Access API's `createWritable()`, in batches of several sizes, and (2) by
// a service worker as the body of a browser download (the path of the streamed ZIP). Each way runs
// in a fresh browser driven bare over the DevTools protocol; time and CPU seconds of Chromium's
// processes are measured around the write alone.
import { createServer } from 'node:http';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBareChromium } from '@bench/upload/bare-chromium';
import { chromiumProcesses } from '@bench/upload/chromium';
import { startCpuMeter } from '@bench/upload/proc';

const MIB = 1024 * 1024;
const { values: args } = parseArgs({
  options: { gib: { type: 'string', default: '1' }, batches: { type: 'string', default: '1,4,16' } },
});
const total = Math.round(Number(args.gib) * 1024 * MIB);
const batchesMiB = args.batches.split(',').map(Number);
const CHUNK = 4 * MIB;

/** Writes `total` bytes to an origin-private file (a file the picker would return behaves the same up to close) in batches, two in flight, as `basket-sink.ts` does. */
const fileWorker = `self.onmessage = async ({ data: batch }) => {
  const root = await navigator.storage.getDirectory();
  const writable = await (await root.getFileHandle('out.bin', { create: true })).createWritable();
  const writer = writable.getWriter();
  const buffers = [new Uint8Array(batch).fill(1), new Uint8Array(batch).fill(2)];
  const started = performance.now();
  let inFlight = Promise.resolve();
  for (let sent = 0, i = 0; sent < ${total}; sent += batch, i += 1) {
    await inFlight;
    inFlight = writer.write(buffers[i % 2].subarray(0, Math.min(batch, ${total} - sent)));
  }
  await inFlight;
  await writer.close();
  postMessage(performance.now() - started);
};`;

/** Answers /download with `total` bytes pulled chunk by chunk, as `src/sw/basket-stream.ts` does. */
const serviceWorker = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (!event.request.url.endsWith('/download')) return;
  const chunk = new Uint8Array(${CHUNK}).fill(3);
  let sent = 0;
  const body = new ReadableStream({ pull(controller) {
    if (sent >= ${total}) return controller.close();
    const size = Math.min(${CHUNK}, ${total} - sent);
    sent += size;
    controller.enqueue(chunk.slice(0, size));
  } }, { highWaterMark: 0 });
  event.respondWith(new Response(body, { headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="out.zip"' } }));
});`;

const page = `<!doctype html><script>
window.fileWorker = new Worker('/file-worker.js');
navigator.serviceWorker.register('/sw.js');
</script>`;

async function main(): Promise<void> {
  const server = createServer((request, response) => {
    const [type, body] =
      request.url === '/file-worker.js'
        ? ['text/javascript', fileWorker]
        : request.url === '/sw.js'
          ? ['text/javascript', serviceWorker]
          : ['text/html', page];
    response.writeHead(200, { 'content-type': type });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  const workDir = await mkdtemp(join(tmpdir(), 'clipdock-bench-write-'));
  const [loadBefore = 0] = loadavg();

  const measure = async (
    label: string,
    write: (page: Awaited<ReturnType<typeof launchBareChromium>>, downloads: string) => Promise<void>,
  ) => {
    const profile = join(workDir, label.replace(/\W+/g, '-'));
    const downloads = join(profile, 'downloads');
    await mkdir(downloads, { recursive: true });
    const browser = await launchBareChromium(profile, `${origin}/`, '');
    try {
      await browser.waitFor('navigator.serviceWorker.controller !== null', 30_000);
      const processes = await chromiumProcesses();
      const cpu = await startCpuMeter({
        renderer: processes.renderers,
        browser: [...processes.browser, ...processes.network, ...processes.others],
      });
      const started = Date.now();
      await write(browser, downloads);
      const seconds = (Date.now() - started) / 1000;
      const spent = await cpu.stop();
      process.stderr.write(`[write bench] ${label}: ${seconds.toFixed(1)} s\n`);
      return `| ${label} | ${seconds.toFixed(1)} | ${(total / MIB / seconds).toFixed(0)} | ${(spent.renderer ?? 0).toFixed(1)} | ${(spent.browser ?? 0).toFixed(1)} |`;
    } finally {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    }
  };

  const rows: string[] = [];
  for (const mib of batchesMiB) {
    rows.push(
      await measure(`File System Access, ${mib} MiB writes`, async (browser) => {
        await browser.evaluate(
          `new Promise((resolve) => { fileWorker.onmessage = resolve; fileWorker.postMessage(${mib * MIB}); })`,
        );
      }),
    );
  }
  rows.push(
    await measure('service worker stream into a browser download', async (browser, downloads) => {
      await browser.send('Browser.setDownloadBehavior', {
        behavior: 'allowAndName',
        downloadPath: downloads,
        eventsEnabled: true,
      });
      const done = new Promise<string>((resolve) =>
        browser.on('Browser.downloadProgress', (params) => {
          if (params.state === 'completed') resolve(join(downloads, String(params.guid)));
        }),
      );
      // A hidden frame, as the app opens its basket download.
      await browser.evaluate(
        `(() => { const frame = document.createElement('iframe'); frame.hidden = true; frame.src = '/download'; document.body.append(frame); })()`,
      );
      const saved = await done;
      if ((await stat(saved)).size !== total) throw new Error('the download is short');
    }),
  );

  const [loadAfter = 0] = loadavg();
  server.close();
  await rm(workDir, { recursive: true, force: true });
  process.stdout.write(
    [
      `date: ${new Date().toISOString()}`,
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
      `command: npx tsx bench/basket/write-paths.ts --gib ${args.gib} --batches ${args.batches}`,
      '',
      `| ${(total / MIB).toFixed(0)} MiB written | seconds | MiB/s | CPU s: renderer | CPU s: browser and its other processes |`,
      '|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
