// Where a service worker's streamed download keeps its memory in Chromium: a sealed body (all-zero
// key) fetched by a service worker and answered as a download, passed through or opened in several
// ways (sw-memory-probe-sw.ts), and 64 KiB buffers made in a dedicated worker, dropped or detached
// (sw-memory-probe-worker.ts). Prints, per variant, seconds and the busiest renderer's RssAnon.
// `npx tsx bench/upload/sw-memory-probe.ts --mib 1024 --variants current,default-detach-both,alloc:js-keep`
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { PLAIN_RECORD_BYTES, sealRecords } from '@shared/e2ee/records';
import { launchBareChromium } from './bare-chromium';
import { chromiumProcesses } from './chromium';
import { startGroupRssSampler } from './group-rss';
import { startCpuMeter } from './proc';

const MIB = 1024 * 1024;
const { values: args } = parseArgs({
  options: {
    mib: { type: 'string', default: '1024' },
    variants: {
      type: 'string',
      default:
        'alloc:js-keep,alloc:js-transfer,alloc:decrypt-keep,alloc:decrypt-transfer,alloc:decrypt-clone,alloc:decrypt-clone-detach,alloc:decrypt-port,alloc:decrypt-port-closed,alloc:decrypt-yield,fetch-passthrough,plain-native,read-default,read-detach,read-byob,gen-ring,gen-new,current,current-lent',
    },
  },
});
const size = Number(args.mib) * MIB;

async function bundle(entry: string, format: 'esm' | 'iife'): Promise<string> {
  const built = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    write: false,
    format,
    tsconfig: fileURLToPath(new URL('../../tsconfig.app.json', import.meta.url)),
  });
  return built.outputFiles[0]?.text ?? '';
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-sw-probe-'));
  const sealedPath = join(dir, 'sealed.bin');
  try {
    const key = await crypto.subtle.importKey('raw', new Uint8Array(32), 'AES-GCM', false, ['encrypt']);
    const out = createWriteStream(sealedPath);
    const step = 16 * PLAIN_RECORD_BYTES;
    const plain = new Uint8Array(step);
    for (let record = 0, at = 0; at < size; record += 16, at += step) {
      const piece = plain.subarray(0, Math.min(step, size - at));
      if (!out.write(await sealRecords({ key, prefix: new Uint8Array(8) }, record, piece, at + step >= size)))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve) => out.end(() => resolve()));
    const sealedSize = (await stat(sealedPath)).size;
    const [swJs, workerJs] = [
      await bundle('./sw-memory-probe-sw.ts', 'iife'),
      await bundle('./sw-memory-probe-worker.ts', 'esm'),
    ];
    const page = `<!doctype html><script>navigator.serviceWorker.register('/sw.js');</script>`;
    const server = createServer((req, res) => {
      const js = (text: string) => res.writeHead(200, { 'content-type': 'text/javascript' }).end(text);
      if (req.url === '/sw.js') js(swJs);
      else if (req.url === '/worker.js') js(workerJs);
      else if (req.url === '/sealed' || req.url === '/plain')
        pipeline(
          createReadStream(sealedPath),
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(sealedSize) }),
        ).catch(() => undefined);
      else res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    try {
      for (const variant of args.variants.split(',')) {
        const profile = join(dir, `profile-${variant.replace(':', '-')}`);
        const downloads = join(profile, 'downloads');
        await mkdir(downloads, { recursive: true });
        const browser = await launchBareChromium(profile, origin, '');
        try {
          await browser.send('Browser.setDownloadBehavior', {
            behavior: 'allowAndName',
            downloadPath: downloads,
            eventsEnabled: true,
          });
          await browser.evaluate('navigator.serviceWorker.ready.then(() => true)');
          await browser.evaluate('location.reload()').catch(() => undefined);
          await browser.waitFor('navigator.serviceWorker.controller !== null', 30_000);
          if (variant.startsWith('alloc:'))
            await browser.evaluate(
              `(() => { window.probe = new Worker('/worker.js', { type: 'module' }); return true; })()`,
            );
          const { renderers } = await chromiumProcesses();
          const memory = await startGroupRssSampler(renderers, 50);
          const cpu = await startCpuMeter({ renderer: renderers });
          const load = loadavg()[0] ?? 0;
          const started = Date.now();
          let text = '';
          if (variant.startsWith('alloc:')) {
            text = await browser.evaluate<string>(
              `new Promise((resolve) => { probe.onmessage = (e) => resolve(e.data); probe.postMessage({ variant: ${JSON.stringify(variant.slice(6))}, mib: ${Number(args.mib)} }); })`,
            );
          } else {
            const done = new Promise<string>((resolve, reject) =>
              browser.on('Browser.downloadProgress', (params) => {
                if (params.state === 'completed') resolve(join(downloads, String(params.guid)));
                if (params.state === 'canceled') reject(new Error('the download was cancelled'));
              }),
            );
            await browser.evaluate(
              `(() => { const f = document.createElement('iframe'); f.hidden = true; f.src = '/dl/${variant}'; document.body.append(f); return true; })()`,
            );
            const saved = await done;
            text = `${((await stat(saved)).size / MIB).toFixed(1)} MiB saved`;
          }
          const seconds = (Date.now() - started) / 1000;
          const used = await cpu.stop();
          const byPid = (await memory.stop()).byPid;
          const busiest = [...byPid.values()].sort((a, b) => b.anon.peakMiB - a.anon.peakMiB)[0];
          process.stdout.write(
            `${variant.padEnd(30)} ${seconds.toFixed(1).padStart(5)} s  ${text.padEnd(22)} renderer CPU ${used.renderer?.toFixed(1)} s, RssAnon ${busiest?.anon.baselineMiB} → peak ${busiest?.anon.peakMiB} MiB, load ${load.toFixed(2)}\n`,
          );
        } finally {
          await browser.close();
          await rm(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
        }
      }
    } finally {
      server.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
