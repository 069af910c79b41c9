// First page of a 10,000-object folder through GET /api/admin/fs/list, on the local driver and
// on radosgw: cold (the mount's directory cache cleared before each call, so storage is listed)
// and warm (served from the directory cache). Prints server time (the request log's ms) and the
// client round trip. Options: --objects <n> (10000), --runs <n> (30 cold, 60 warm).
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { s3ClientFor, startGateway, type Gateway } from '@tests/support/rgw-gateway';
import { machine, startBenchServer, summary, type BenchServer } from './bench-server';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const objects = argument('objects', 10_000);
const coldRuns = argument('runs', 30);
const warmRuns = coldRuns * 2;
const idSchema = z.object({ id: z.string() });
const mountSchema = z.object({ id: z.string(), mount_path: z.string(), storage_config_id: z.string() });

type Setup = { mountId: string; folder: string; configId: string };

async function localMount(server: BenchServer): Promise<Setup> {
  const mounts = z.array(mountSchema).parse(await server.api('GET', '/api/admin/mounts'));
  const local = mounts.find((mount) => mount.mount_path === '/local');
  if (local === undefined) throw new Error('no /local mount');
  return { mountId: local.id, folder: '/local/big', configId: local.storage_config_id };
}

async function rgwMount(server: BenchServer, gateway: Gateway): Promise<Setup> {
  const bucket = `clipdock-fs-bench-${randomBytes(4).toString('hex')}`;
  const client = s3ClientFor(gateway);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  const config = idSchema.parse(
    await server.api('POST', '/api/s3-configs', {
      name: 'bench rgw',
      provider_type: 'Other S3 Compatible',
      endpoint_url: gateway.endpoint,
      bucket_name: bucket,
      region: 'us-east-1',
      access_key_id: gateway.accessKeyId,
      secret_access_key: gateway.secretAccessKey,
      path_style: true,
    }),
  );
  const mount = idSchema.parse(
    await server.api('POST', '/api/admin/mounts', {
      name: 'rgw',
      storage_type: 's3',
      storage_config_id: config.id,
      mount_path: '/rgw',
    }),
  );
  return { mountId: mount.id, folder: '/rgw/big', configId: config.id };
}

async function fill(server: BenchServer, setup: Setup): Promise<void> {
  const row = await server.db
    .selectFrom('storage_configs')
    .selectAll()
    .where('id', '=', setup.configId)
    .executeTakeFirstOrThrow();
  const driver = await server.storage.driverFor(row);
  const keys = Array.from({ length: objects }, (_, i) => `big/object-${String(i).padStart(5, '0')}.txt`);
  for (const folder of ['albums', 'drafts', 'zz-archive']) keys.push(`big/${folder}/inside.txt`);
  for (let i = 0; i < keys.length; i += 32) {
    await Promise.all(
      keys.slice(i, i + 32).map((key) => driver.putObject(key, Readable.from([Buffer.from(key)]), 'text/plain')),
    );
  }
}

/** The anchor: the storage's own listing of the same page, through the driver, without the server. */
async function rawList(server: BenchServer, setup: Setup, limit: number) {
  const row = await server.db
    .selectFrom('storage_configs')
    .selectAll()
    .where('id', '=', setup.configId)
    .executeTakeFirstOrThrow();
  const driver = await server.storage.driverFor(row);
  const ms: number[] = [];
  for (let i = 0; i < coldRuns; i += 1) {
    const started = performance.now();
    await driver.list('big/', { delimiter: '/', limit });
    ms.push(performance.now() - started);
  }
  return summary(ms);
}

async function measure(server: BenchServer, setup: Setup, limit: number) {
  const path = `/api/admin/fs/list?path=${encodeURIComponent(setup.folder)}&limit=${limit}`;
  const cold = { server: [] as number[], client: [] as number[], cpu: [] as number[] };
  const warm = { server: [] as number[], client: [] as number[], cpu: [] as number[] };
  // Nothing cached yet: neither the directory cache nor the local driver's folder listing.
  const first = await server.timed(path);
  for (let i = 0; i < 3; i += 1) await server.timed(path);
  for (let i = 0; i < coldRuns; i += 1) {
    await server.api('POST', '/api/admin/cache/clear', { mountId: setup.mountId });
    const t = await server.timed(path);
    if (t.status !== 200) throw new Error(`list answered ${t.status}`);
    cold.server.push(t.serverMs);
    cold.client.push(t.clientMs);
    cold.cpu.push(t.cpuMs);
  }
  for (let i = 0; i < warmRuns; i += 1) {
    const t = await server.timed(path);
    warm.server.push(t.serverMs);
    warm.client.push(t.clientMs);
    warm.cpu.push(t.cpuMs);
  }
  const side = (m: typeof cold) => ({ server: summary(m.server), client: summary(m.client), cpu: summary(m.cpu) });
  return { first: Math.round(first.serverMs * 10) / 10, cold: side(cold), warm: side(warm) };
}

async function main(): Promise<void> {
  console.log(`# fs list: first page of a ${objects}-object folder\n${await machine()}\n`);
  console.log(
    '| storage | limit | first call server ms | cold server p50 / p95 / max ms | cold CPU p50 / p95 ms | cold client p50 / p95 ms | warm server p50 / p95 / max ms | warm CPU p50 / p95 ms | driver list alone p50 / p95 ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  let gateway: Gateway | undefined;
  const server = await startBenchServer();
  try {
    gateway = await startGateway({
      store: 'memstore',
      accessKeyId: `bench${randomBytes(6).toString('hex')}`,
      secretAccessKey: randomBytes(20).toString('hex'),
      label: 'clipdock-fs-bench-rgw',
    });
    for (const [name, setup] of [
      ['local', await localMount(server)],
      ['radosgw', await rgwMount(server, gateway)],
    ] as const) {
      const started = performance.now();
      await fill(server, setup);
      console.error(`${name}: ${objects} objects written in ${Math.round(performance.now() - started)} ms`);
      // Listings of a folder changed within the last second are not kept (see local-dir-cache.ts).
      await delay(1500);
      for (const limit of [200, 1000]) {
        const r = await measure(server, setup, limit);
        const raw = await rawList(server, setup, limit);
        const row = (s: { p50: number; p95: number; max: number }) => `${s.p50} / ${s.p95} / ${s.max}`;
        console.log(
          `| ${name} | ${limit} | ${limit === 200 ? r.first : '–'} | ${row(r.cold.server)} | ${r.cold.cpu.p50} / ${r.cold.cpu.p95} | ${r.cold.client.p50} / ${r.cold.client.p95} | ${row(r.warm.server)} | ${r.warm.cpu.p50} / ${r.warm.cpu.p95} | ${raw.p50} / ${raw.p95} |`,
        );
      }
    }
  } finally {
    await server.stop();
    await gateway?.stop();
  }
}

await main();
