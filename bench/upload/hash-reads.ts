// What the file request's receipt hash costs in Chromium, apart from any upload: a Web Worker reads
// (and hashes) the chosen file one way or another, in a fresh tab each time, while the tab's
// renderer memory (RSS and RssAnon) and the CPU of the renderer and of the browser process (which
// reads the file for the Blob) are sampled. Prints one markdown row per variant and round.
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromiumProcesses, launchChromium } from './chromium';
import { startGroupRssSampler } from './group-rss';
import type { HashReadVariant } from './hash-reads-worker';
import { startCpuMeter } from './proc';
import { onCleanup, runCleanups } from './processes';
import { writeRandomFile } from './random-file';

const MIB = 1024 * 1024;
const VARIANTS: HashReadVariant[] = ['hash-only', 'slices-read', 'stream-read', 'slices-hash', 'stream-hash'];
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    'size-mib': { type: 'string', default: '2048' },
    only: { type: 'string' },
  },
});
const size = Number(args['size-mib']) * MIB;
const variants = args.only === undefined ? VARIANTS : VARIANTS.filter((v) => args.only?.split(',').includes(v));
const log = (line: string) => process.stderr.write(`[hash reads bench] ${line}\n`);

const PAGE = `<!doctype html><meta charset="utf-8"><input type="file" id="file">
<script>
window.hashWith = (variant) => new Promise((resolve) => {
  const worker = new Worker('/worker.js', { type: 'module' });
  worker.onmessage = (event) => { worker.terminate(); resolve(event.data); };
  worker.postMessage({ file: document.getElementById('file').files[0], variant });
});
</script>`;

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'clipdock-bench-hash-'));
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('./hash-reads-worker.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    write: false,
    tsconfig: fileURLToPath(new URL('../../tsconfig.base.json', import.meta.url)),
  });
  const workerJs = bundled.outputFiles[0]?.text ?? '';
  const server = createServer((request, response) => {
    const js = request.url === '/worker.js';
    response.writeHead(200, { 'content-type': js ? 'text/javascript' : 'text/html' });
    response.end(js ? workerJs : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const path = join(workDir, 'random.bin');
  log(`writing ${size / MIB} MiB of random bytes`);
  const sha256 = await writeRandomFile(path, size);
  const browser = await launchChromium();
  onCleanup(() => browser.close());

  const rows: string[] = [];
  for (let round = 1; round <= Number(args.rounds); round += 1) {
    for (const variant of variants) {
      const [load = 0] = loadavg();
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.locator('#file').setInputFiles(path);
      const processes = await chromiumProcesses();
      const memory = await startGroupRssSampler(processes.renderers);
      const cpu = await startCpuMeter({ browser: processes.browser });
      const perRenderer = await startCpuMeter(
        Object.fromEntries(processes.renderers.map((pid) => [String(pid), [pid]])),
      );
      const answer = await page.evaluate(
        (v) => (window as unknown as { hashWith(v: string): Promise<{ ms: number; result: string }> }).hashWith(v),
        variant,
      );
      const [rendererCpu, browserCpu, rss] = [await perRenderer.stop(), await cpu.stop(), await memory.stop()];
      const [busiest = '', busiestCpu = 0] = Object.entries(rendererCpu).sort(([, a], [, b]) => b - a)[0] ?? [];
      const tab = rss.byPid.get(Number(busiest));
      await context.close();
      const checked = variant.endsWith('-hash')
        ? answer.result === sha256
          ? 'SHA-256 right'
          : `WRONG ${answer.result}`
        : '';
      const growth = (w: { baselineMiB: number; peakMiB: number } | undefined) =>
        w === undefined
          ? '?'
          : `${w.baselineMiB.toFixed(1)} → ${w.peakMiB.toFixed(1)} (+${(w.peakMiB - w.baselineMiB).toFixed(1)})`;
      rows.push(
        `| ${round} | ${variant} | ${(answer.ms / 1000).toFixed(2)} | ${(size / 1e6 / (answer.ms / 1000)).toFixed(0)} | ${busiestCpu.toFixed(2)} | ${(browserCpu.browser ?? 0).toFixed(2)} | ${growth(tab?.rss)} | ${growth(tab?.anon)} | ${checked} | ${load.toFixed(2)} |`,
      );
      log(rows.at(-1) ?? '');
    }
  }
  process.stdout.write(
    [
      `Hash reads: ${size / MIB} MiB file, Chromium, one fresh tab per row`,
      '',
      '| round | variant | s | MB/s | tab renderer CPU s | browser process CPU s | tab RSS MiB | tab RssAnon MiB | check | load |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
}

try {
  await main();
} finally {
  await runCleanups();
}
