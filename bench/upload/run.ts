// Upload benchmark: a 1 GiB random file into a private radosgw, once as a raw presigned curl PUT
// and once through the real transfer engine and server API, with throughput and memory of both.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultEngineConfig } from '@workers/engine';
import { runEngine, type EngineRun } from './engine-run';
import { onCleanup, runCleanups } from './processes';
import { writeRandomFile } from './random-file';
import { rawPut } from './raw-put';
import { renderTable, type Round } from './report';
import { startBenchStorage } from './rgw';
import { startServer } from './server';
import { verifyObject } from './verify';

const MIB = 1024 * 1024;
const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '2' },
    'size-mib': { type: 'string', default: '1024' },
    concurrency: { type: 'string' },
    'part-mib': { type: 'string' },
  },
});
const runs = Number(args.runs);
const size = Number(args['size-mib']) * MIB;
const concurrency = args.concurrency === undefined ? undefined : Number(args.concurrency);
const partSize = args['part-mib'] === undefined ? undefined : Number(args['part-mib']) * MIB;
const log = (line: string) => process.stderr.write(`[upload bench] ${line}\n`);

async function main(): Promise<void> {
  log('starting radosgw (bluestore)');
  const { rgw, client, bucket } = await startBenchStorage(onCleanup);
  log('starting the server');
  const server = await startServer(root, rgw, bucket);
  onCleanup(server.stop);

  const workDir = await mkdtemp(join(tmpdir(), 'clipdock-bench-upload-'));
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  const path = join(workDir, `random-${size / MIB}mib.bin`);
  log(`writing ${size / MIB} MiB of random bytes`);
  const sha256 = await writeRandomFile(path, size);

  const rounds: Round[] = [];
  for (let i = 0; i < runs; i += 1) {
    const rawFirst = i % 2 === 0;
    const [load = 0] = loadavg();
    const raw = async () => {
      log(`run ${i + 1}: raw curl PUT`);
      const put = await rawPut(client, bucket, path, `raw/run-${i + 1}.bin`);
      await verifyObject(client, bucket, put.key, { size, sha256 }, false);
      return put.seconds;
    };
    const engine = async () => {
      log(`run ${i + 1}: engine upload`);
      return runEngine(root, { baseUrl: server.baseUrl, token: server.token, path, concurrency, partSize }, server.pid);
    };
    let rawSeconds: number;
    let engineRun: EngineRun;
    if (rawFirst) {
      rawSeconds = await raw();
      engineRun = await engine();
    } else {
      engineRun = await engine();
      rawSeconds = await raw();
    }
    const { storagePath, etag } = engineRun.done;
    const verified = await verifyObject(client, bucket, storagePath, { size, sha256, etag }, i === 0);
    rounds.push({
      order: rawFirst ? 'raw, engine' : 'engine, raw',
      size,
      rawSeconds,
      engine: engineRun,
      verified,
      load,
    });
  }

  const settings = `concurrency ${concurrency ?? defaultEngineConfig.concurrency}, preferred part size ${(partSize ?? defaultEngineConfig.partSize) / MIB} MiB, Node fetch transport (createFetchTransport, Blob part bodies), file ${size / MIB} MiB`;
  process.stdout.write(`${renderTable(rounds, settings)}\n`);
}

try {
  await main();
} finally {
  await runCleanups();
}
