// Cross-storage copy benchmark: a file of each size is copied by the transfer worker's code from
// radosgw to the local folder and back (batch-copy plan → fetch → parts → commit), with the worker
// in its own Node process; its peak memory must stay flat whatever the file's size. Every copy is
// checked by size and SHA-256 against the source.
// Usage: npx tsx bench/copy/run.ts [--sizes-mib 256,1024] (the bench server takes files below 2 GB)
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { onCleanup, runCleanups } from '@bench/upload/processes';
import { writeRandomFile } from '@bench/upload/random-file';
import { startBenchStorage } from '@bench/upload/rgw';
import { startServer, type BenchServer } from '@bench/upload/server';

const root = resolve(import.meta.dirname, '../..');
const MiB = 1024 * 1024;
const sizesArg =
  process.argv.find((arg) => arg.startsWith('--sizes-mib'))?.split('=')[1] ??
  process.argv[process.argv.indexOf('--sizes-mib') + 1];
const sizes = (sizesArg !== undefined && /^[\d,]+$/.test(sizesArg) ? sizesArg : '256,1024').split(',').map(Number);

const childReport = z.object({
  status: z.string(),
  failed: z.array(z.unknown()),
  seconds: z.number(),
  cpuSeconds: z.number(),
  partSize: z.number().nullable(),
  rssBeforeMiB: z.number(),
  hwmBeforeMiB: z.number(),
  hwmAfterMiB: z.number(),
  peak: z.object({ rss: z.number(), heapUsed: z.number(), arrayBuffers: z.number() }),
});

async function api(server: BenchServer, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return z.object({ data: z.unknown() }).parse(JSON.parse(text)).data;
}

async function sha256Of(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

async function downloadHash(server: BenchServer, path: string): Promise<{ size: number; sha: string }> {
  const detail = z
    .object({ size: z.number(), download_url: z.string() })
    .parse(await api(server, 'GET', `/admin/fs/get?path=${encodeURIComponent(path)}`));
  const response = await fetch(new URL(detail.download_url, server.baseUrl));
  if (response.body === null) throw new Error('empty download');
  return { size: detail.size, sha: await sha256Of(response.body) };
}

function copyInChild(server: BenchServer, sourcePath: string, targetPath: string) {
  const job = JSON.stringify({ baseUrl: server.baseUrl, token: server.token, sourcePath, targetPath });
  return promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(root, 'bench/copy/copy-child.ts'), job],
    { cwd: root, maxBuffer: 1024 * 1024 },
  ).then(({ stdout }) => childReport.parse(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')));
}

async function main(): Promise<void> {
  const storage = await startBenchStorage(onCleanup);
  const server = await startServer(root, storage.rgw, storage.bucket);
  onCleanup(server.stop);
  const configs = z
    .array(z.object({ id: z.string(), bucket_name: z.string().nullable().optional() }))
    .parse(await api(server, 'GET', '/s3-configs'));
  const configId = configs.find((config) => config.bucket_name === storage.bucket)?.id ?? '';
  const mount = z.object({ id: z.string() }).parse(
    await api(server, 'POST', '/admin/mounts', {
      name: 'rgw',
      storage_type: 's3',
      storage_config_id: configId,
      mount_path: '/rgw',
    }),
  );
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-copy-bench-'));
  onCleanup(() => rm(dir, { recursive: true, force: true }));

  console.log(
    `date ${new Date().toISOString()}, node ${process.version}, load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    '| size | direction | status | seconds | MB/s | worker CPU s | part size MiB | worker RSS before MiB | worker peak RSS (VmHWM) MiB | sampled peak RSS / heap / ArrayBuffers MiB | verified |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const sizeMiB of sizes) {
    const file = join(dir, `source-${sizeMiB}.bin`);
    const sha = await writeRandomFile(file, sizeMiB * MiB);
    const key = `bench/source-${sizeMiB}.bin`;
    await storage.client.send(
      new PutObjectCommand({
        Bucket: storage.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: (await stat(file)).size,
      }),
    );
    await rm(file);
    await api(server, 'POST', '/admin/fs/refresh', { mount_id: mount.id });
    for (const [direction, from, to] of [
      ['radosgw → local', `/rgw/${key}`, `/local/copied-${sizeMiB}.bin`],
      ['local → radosgw', `/local/copied-${sizeMiB}.bin`, `/rgw/bench/back-${sizeMiB}.bin`],
    ] as const) {
      const report = await copyInChild(server, from, to);
      if (report.status !== 'completed') {
        console.log(`| ${sizeMiB} MiB | ${direction} | ${report.status} | ${JSON.stringify(report.failed)} |`);
        break;
      }
      const stored = await downloadHash(server, to);
      const verified =
        stored.size === sizeMiB * MiB && stored.sha === sha ? 'size + SHA-256 ok' : `MISMATCH (${stored.size} bytes)`;
      const { peak } = report;
      console.log(
        `| ${sizeMiB} MiB | ${direction} | ${report.status} | ${report.seconds.toFixed(1)} | ${((sizeMiB * MiB) / 1e6 / report.seconds).toFixed(1)} | ${report.cpuSeconds.toFixed(1)} | ${report.partSize === null ? '-' : report.partSize / MiB} | ${report.rssBeforeMiB.toFixed(1)} | ${report.hwmAfterMiB.toFixed(1)} | ${peak.rss.toFixed(1)} / ${peak.heapUsed.toFixed(1)} / ${peak.arrayBuffers.toFixed(1)} | ${verified} |`,
      );
    }
  }
  console.log(
    `load after ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
}

try {
  await main();
} finally {
  await runCleanups();
}
