// Upload benchmark as the product runs it: the transfer engine in Chromium's Web Worker (XHR) from
// the real upload page, against three ceilings of the same run and file: a raw curl PUT into the
// same radosgw, and the browser's own, one presigned XHR PUT from a plain page of the whole File
// and of the same bytes as one Blob slice (the ceiling of any upload cut into parts).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { defaultEngineConfig } from '@workers/engine';
import { buildApp } from './app-build';
import { singlePutInBrowser, type CeilingBody } from './browser-ceiling';
import { renderBrowserTable, type BrowserRound } from './browser-report';
import { uploadInBrowser, type BrowserUpload } from './browser-upload';
import { launchChromium } from './chromium';
import { reapedChildrenCpuSeconds, startCpuMeter, startSystemCpuMeter, type SystemCpu } from './proc';
import { onCleanup, runCleanups } from './processes';
import { writeRandomFile } from './random-file';
import { rawPut } from './raw-put';
import { startBenchStorage } from './rgw';
import { startServer } from './server';
import { verifyObject } from './verify';

const MIB = 1024 * 1024;
const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '2' }, 'size-mib': { type: 'string', default: '1024' } },
});
const runs = Number(args.runs);
const size = Number(args['size-mib']) * MIB;
const log = (line: string) => process.stderr.write(`[browser upload bench] ${line}\n`);

/** Keys in the bucket outside `raw/` (the engine's uploads). */
async function engineKeys(client: S3Client, bucket: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listed.Contents ?? []).flatMap((object) =>
    object.Key === undefined || object.Key.startsWith('raw/') ? [] : [object.Key],
  );
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'clipdock-bench-browser-'));
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  log('building the web app (last commit + working src/workers)');
  const appDir = await buildApp(root, workDir);
  log('starting radosgw (bluestore)');
  const { rgw, client, bucket } = await startBenchStorage(onCleanup);
  log('starting the server');
  const server = await startServer(root, rgw, bucket, { staticDir: appDir });
  onCleanup(server.stop);
  const path = join(workDir, `random-${size / MIB}mib.bin`);
  log(`writing ${size / MIB} MiB of random bytes`);
  const sha256 = await writeRandomFile(path, size);
  const browser = await launchChromium();
  onCleanup(() => browser.close());
  const daemons = await rgw.daemons();
  const gateway = { radosgw: [daemons['client.rgw'] ?? 0], osd: [daemons['osd.0'] ?? 0] };

  const rounds: BrowserRound[] = [];
  for (let i = 0; i < runs; i += 1) {
    const rawFirst = i % 2 === 0;
    const [load = 0] = loadavg();
    const raw = async () => {
      log(`run ${i + 1}: raw curl PUT (load ${load.toFixed(2)})`);
      const [system, cpu, curlBefore] = [
        await startSystemCpuMeter(),
        await startCpuMeter(gateway),
        await reapedChildrenCpuSeconds(),
      ];
      const put = await rawPut(client, bucket, path, `raw/run-${i + 1}.bin`);
      const rawSystem = await system.stop();
      const rawCpu = {
        ...(await cpu.stop()),
        curl: Math.round(((await reapedChildrenCpuSeconds()) - curlBefore) * 100) / 100,
      };
      await verifyObject(client, bucket, put.key, { size, sha256 }, false);
      return { seconds: put.seconds, rawCpu, rawSystem };
    };
    const before = new Set(await engineKeys(client, bucket));
    const engine = async () => {
      log(`run ${i + 1}: upload page in Chromium`);
      return uploadInBrowser(browser, {
        baseUrl: server.baseUrl,
        token: server.token,
        path,
        storageOrigin: rgw.endpoint,
        serverPid: server.pid,
        daemons,
      });
    };
    const ceiling = async (body: CeilingBody) => {
      log(`run ${i + 1}: one XHR PUT of the ${body === 'file' ? 'File' : 'Blob slice'} from a plain page`);
      const put = await singlePutInBrowser(browser, {
        baseUrl: server.baseUrl,
        client,
        bucket,
        path,
        key: `raw/ceiling-${body}-${i + 1}.bin`,
        body,
      });
      await verifyObject(client, bucket, put.key, { size, sha256 }, false);
      return put.seconds;
    };
    let rawRun: { seconds: number; rawCpu: Record<string, number>; rawSystem: SystemCpu };
    let ceilingSeconds: number;
    let sliceSeconds: number;
    let upload: BrowserUpload;
    if (rawFirst) {
      rawRun = await raw();
      ceilingSeconds = await ceiling('file');
      sliceSeconds = await ceiling('slice');
      upload = await engine();
    } else {
      upload = await engine();
      sliceSeconds = await ceiling('slice');
      ceilingSeconds = await ceiling('file');
      rawRun = await raw();
    }
    const [key, ...extra] = (await engineKeys(client, bucket)).filter((k) => !before.has(k));
    if (key === undefined || extra.length > 0)
      throw new Error(`expected one new object, found ${extra.length + (key === undefined ? 0 : 1)}`);
    const verified = await verifyObject(client, bucket, key, { size, sha256 }, i === 0);
    rounds.push({
      size,
      rawSeconds: rawRun.seconds,
      ceilingSeconds,
      sliceSeconds,
      rawCpu: rawRun.rawCpu,
      rawSystem: rawRun.rawSystem,
      upload,
      order: rawFirst ? 'raw, File PUT, slice PUT, engine' : 'engine, slice PUT, File PUT, raw',
      verified,
      load,
    });
  }

  const { concurrency, partSize } = defaultEngineConfig;
  const cpuModel = /model name\s*:\s*(.+)/.exec(await readFile('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU';
  const settings = `${cpuModel}, ${cpus().length} cores; concurrency ${concurrency}, preferred part size ${partSize / MIB} MiB (engine defaults, built into the app), XHR transport in the transfer worker, file ${size / MIB} MiB`;
  process.stdout.write(`${renderBrowserTable(rounds, settings)}\n`);
}

try {
  await main();
} finally {
  await runCleanups();
}
