// Move benchmark: a folder of 10,000 small objects (100 folders of 100) moved inside radosgw by
// POST /api/admin/fs/move, with the real server as a child process on its own data folder. Round
// one moves a folder whole and times it. Round two kills the server with SIGKILL while a move is
// under way, checks that every object is at its source or at its target with its bytes (the ETag
// each PUT answered), starts the server again on the same data, sends the same move again, and
// checks that every object is at its target and none is left at its source.
// Usage: npx tsx bench/move/run.ts [--objects 10000]
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { onCleanup, runCleanups, stopChild } from '@bench/upload/processes';
import { startBenchStorage, type BenchStorage } from '@bench/upload/rgw';
import { freePort } from '@tests/support/free-port';

const root = resolve(import.meta.dirname, '../..');
const objectsArg = process.argv[process.argv.indexOf('--objects') + 1];
const total = objectsArg !== undefined && /^\d+$/.test(objectsArg) ? Number(objectsArg) : 10_000;
const perFolder = 100;
const adminPassword = 'bench-password-123';
const envelope = z.object({ data: z.unknown() });

type Server = { child: ChildProcess; baseUrl: string; token: string };

async function startServer(dataDir: string, port: number): Promise<Server> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  onCleanup(() => stopChild(child));
  for (let i = 0; i < 600 && child.exitCode === null; i += 1) {
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await delay(100);
  }
  const login = await call({ child, baseUrl, token: '' }, 'POST', '/admin/login', {
    username: 'admin',
    password: adminPassword,
  });
  return { child, baseUrl, token: z.object({ token: z.string() }).parse(login).token };
}

async function call(server: Server, method: string, path: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (server.token !== '') headers.authorization = `Bearer ${server.token}`;
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return envelope.parse(JSON.parse(text)).data;
}

/** Every key below `prefix` with its ETag. */
async function listed(client: S3Client, bucket: string, prefix: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) if (object.Key) found.set(object.Key, object.ETag ?? '');
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token !== undefined);
  return found;
}

/** Writes the folder straight into the bucket; answers each object's path below it and its ETag. */
async function fill({ client, bucket }: BenchStorage, prefix: string): Promise<Map<string, string>> {
  const names = Array.from(
    { length: total },
    (_, i) => `d${String(Math.floor(i / perFolder)).padStart(3, '0')}/f${String(i).padStart(5, '0')}.txt`,
  );
  const etags = new Map<string, string>();
  for (let i = 0; i < names.length; i += 32)
    await Promise.all(
      names.slice(i, i + 32).map(async (name) => {
        const put = await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: `${prefix}/${name}`,
            Body: `object ${name} ${'x'.repeat(i % 500)}`,
          }),
        );
        etags.set(name, put.ETag ?? '');
      }),
    );
  return etags;
}

/** Where each object is now: at its source, its target, both (a copy not yet deleted), or nowhere. */
async function census(storage: BenchStorage, from: string, to: string, etags: ReadonlyMap<string, string>) {
  const atSource = await listed(storage.client, storage.bucket, `${from}/`);
  const atTarget = await listed(storage.client, storage.bucket, `${to}/`);
  const count = { source: 0, target: 0, both: 0, lost: 0, wrongBytes: 0 };
  for (const [name, etag] of etags) {
    const source = atSource.get(`${from}/${name}`);
    const target = atTarget.get(`${to}/${name}`);
    if (source === undefined && target === undefined) count.lost += 1;
    else if (source !== undefined && target !== undefined) count.both += 1;
    else if (source !== undefined) count.source += 1;
    else count.target += 1;
    for (const seen of [source, target]) if (seen !== undefined && seen !== etag) count.wrongBytes += 1;
  }
  return count;
}

async function main(): Promise<void> {
  const storage = await startBenchStorage(onCleanup);
  const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-move-bench-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  let server = await startServer(dataDir, port);
  const config = z.object({ id: z.string() }).parse(
    await call(server, 'POST', '/s3-configs', {
      name: `rgw ${storage.bucket}`,
      provider_type: 'Other S3 Compatible',
      endpoint_url: storage.rgw.endpoint,
      bucket_name: storage.bucket,
      region: 'us-east-1',
      access_key_id: storage.rgw.accessKeyId,
      secret_access_key: storage.rgw.secretAccessKey,
      path_style: true,
    }),
  );
  const mount = z.object({ id: z.string() }).parse(
    await call(server, 'POST', '/admin/mounts', {
      name: 'rgw',
      storage_type: 's3',
      storage_config_id: config.id,
      mount_path: '/rgw',
    }),
  );
  const move = (from: string, to: string) =>
    call(server, 'POST', '/admin/fs/move', { items: [{ sourcePath: `/rgw/${from}`, targetPath: `/rgw/${to}` }] });
  console.log(
    `date ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}, ${total} objects`,
  );

  // Round one: a whole move, timed.
  const one = await fill(storage, 'whole/src');
  await call(server, 'POST', '/admin/fs/refresh', { mount_id: mount.id });
  const t0 = performance.now();
  const result = z
    .object({ details: z.array(z.object({ status: z.string(), files: z.number() })) })
    .parse(await move('whole/src', 'whole/dst'));
  const seconds = (performance.now() - t0) / 1000;
  const whole = await census(storage, 'whole/src', 'whole/dst', one);
  console.log(
    `whole move: ${result.details[0]?.status} ${result.details[0]?.files} files in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)} objects/s); at target ${whole.target}, at source ${whole.source}, both ${whole.both}, lost ${whole.lost}, wrong bytes ${whole.wrongBytes}`,
  );

  // Round two: SIGKILL midway, then the same move again.
  const two = await fill(storage, 'killed/src');
  await call(server, 'POST', '/admin/fs/refresh', { mount_id: mount.id });
  const started = move('killed/src', 'killed/dst').catch(() => 'cut off');
  const wanted = Math.floor(total * 0.4);
  let arrived = 0;
  while (arrived < wanted) {
    arrived = (await listed(storage.client, storage.bucket, 'killed/dst/')).size;
    await delay(50);
  }
  server.child.kill('SIGKILL');
  await started;
  const cut = await census(storage, 'killed/src', 'killed/dst', two);
  console.log(
    `SIGKILL once ${arrived} objects were at the target: at target ${cut.target}, at source ${cut.source}, both ${cut.both}, lost ${cut.lost}, wrong bytes ${cut.wrongBytes}`,
  );
  server = await startServer(dataDir, port);
  const t1 = performance.now();
  const again = z
    .object({ details: z.array(z.object({ status: z.string(), files: z.number() })) })
    .parse(await move('killed/src', 'killed/dst'));
  const rerun = (performance.now() - t1) / 1000;
  const end = await census(storage, 'killed/src', 'killed/dst', two);
  // The index followed: a name found only at the targets.
  const hits = z
    .object({ results: z.array(z.object({ path: z.string() })) })
    .parse(await call(server, 'GET', '/admin/fs/search?q=f00042'))
    .results.map((hit) => hit.path)
    .sort();
  console.log(
    `re-run after the restart: ${again.details[0]?.status} ${again.details[0]?.files} files in ${rerun.toFixed(1)} s; at target ${end.target}, at source ${end.source}, both ${end.both}, lost ${end.lost}, wrong bytes ${end.wrongBytes}; search for f00042 finds ${hits.join(', ')}`,
  );
  const ok = whole.target === total && end.target === total && cut.lost === 0 && cut.wrongBytes === 0;
  console.log(ok ? 'RESULT: nothing lost, every object at its target' : 'RESULT: FAILED');
  if (!ok) process.exitCode = 1;
  await stopChild(server.child);
}

try {
  await main();
} finally {
  await runCleanups();
}
