// Where the CPU of an end-to-end encrypted upload goes in Chromium, step by step: a file read in
// the transfer worker's way, sealed, made into Blobs, PUT to a sink on this process (no storage),
// against the plain PUT of the same bytes; and a sealed download read plain or through the opening
// stream. Each variant is timed in the worker; the renderer's CPU seconds and RssAnon peak come
// from /proc. `npx tsx bench/upload/e2ee-probe.ts --mib 256 --variants plain-put,current,...`
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { PLAIN_RECORD_BYTES, sealRecords } from '@shared/e2ee/records';
import { chromiumProcesses, launchChromium } from './chromium';
import { readMemoryKiB, startCpuMeter } from './proc';
import { writeRandomFile } from './random-file';

const MIB = 1024 * 1024;
const { values: args } = parseArgs({
  options: {
    mib: { type: 'string', default: '256' },
    variants: {
      type: 'string',
      default: 'plain-put,read,seal8,seal1,seal32,sealAll,seal8-blob,current,onebuf-put,opfs-put',
    },
    repeat: { type: 'string', default: '1' },
  },
});
const size = Number(args.mib) * MIB;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-e2ee-probe-'));
  const path = join(dir, 'plain.bin');
  const sealedPath = join(dir, 'sealed.bin');
  try {
    await writeRandomFile(path, size);
    const key = await crypto.subtle.importKey('raw', new Uint8Array(32), 'AES-GCM', false, ['encrypt', 'decrypt']);
    // Sealed in steps of 16 records, as the transfer worker seals a part.
    const out = createWriteStream(sealedPath);
    let record = 0;
    let read = 0;
    for await (const chunk of createReadStream(path, { highWaterMark: 16 * PLAIN_RECORD_BYTES })) {
      const plain = new Uint8Array(chunk as Buffer);
      read += plain.byteLength;
      if (!out.write(await sealRecords({ key, prefix: new Uint8Array(8) }, record, plain, read === size)))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      record += 16;
    }
    await new Promise<void>((resolve) => out.end(() => resolve()));
    const bundled = await build({
      entryPoints: [fileURLToPath(new URL('./e2ee-probe-worker.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'esm',
      tsconfig: fileURLToPath(new URL('../../tsconfig.app.json', import.meta.url)),
    });
    const workerJs = bundled.outputFiles[0]?.text ?? '';
    const server = createServer((req, res) => {
      if (req.method === 'PUT') {
        req.on('data', () => undefined);
        req.on('end', () => res.writeHead(200, { etag: '"x"' }).end());
      } else if (req.url === '/worker.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(workerJs);
      else if (req.url === '/sealed')
        pipeline(
          createReadStream(sealedPath),
          res.writeHead(200, { 'content-type': 'application/octet-stream' }),
        ).catch(() => undefined);
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><input type="file">');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(origin);
      await page.locator('input').setInputFiles(path);
      await page.evaluate(() => {
        Object.assign(window, { probe: new Worker('/worker.js', { type: 'module' }) });
      });
      const { renderers } = await chromiumProcesses();
      for (let r = 0; r < Number(args.repeat); r += 1) {
        for (const variant of args.variants.split(',')) {
          const cpu = await startCpuMeter({ renderer: renderers });
          let peak = 0;
          const base = Math.max(...(await Promise.all(renderers.map(async (pid) => (await readMemoryKiB(pid)).anon))));
          const timer = setInterval(() => {
            void Promise.all(renderers.map(readMemoryKiB)).then((all) => {
              peak = Math.max(peak, ...all.map((m) => m.anon));
            });
          }, 50);
          const load = loadavg()[0] ?? 0;
          const result = await page.evaluate(
            ({ variant, origin }) =>
              new Promise<{ ok: boolean; text: string }>((resolve) => {
                const input = document.querySelector('input');
                const file = input?.files?.[0];
                const worker = (window as unknown as { probe: Worker }).probe;
                worker.onmessage = (event: MessageEvent<{ ok: boolean; text: string }>) => resolve(event.data);
                worker.postMessage({ variant, file, origin });
              }),
            { variant, origin },
          );
          clearInterval(timer);
          const used = await cpu.stop();
          process.stdout.write(
            `${variant.padEnd(14)} ${result.text.padEnd(24)} renderer CPU ${used.renderer?.toFixed(2)} s, RssAnon ${(base / 1024).toFixed(0)} → peak ${(peak / 1024).toFixed(0)} MiB, load ${load.toFixed(2)}${result.ok ? '' : ' FAILED'}\n`,
          );
        }
      }
    } finally {
      await browser.close();
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
