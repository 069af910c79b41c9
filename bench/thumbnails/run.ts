// Thumbnail job benchmark: starts the real server (the production bundle, as `npm start` runs it;
// fresh data dir, SQLite, local storage) as a child process, writes N 12-megapixel JPEGs (made with
// sharp) straight into the mount's storage as another tool would, then asks a mount refresh, which
// queues them all; the server's background worker drains the queue while autocannon drives the
// paste API (POST and GET) at the same time. Prints the job rate (thumbnails per second, both
// sizes each) and the paste API's p99 with and without the queue running.
// Options: --photos=<n> (default 60), --seconds=<s> of paste load per phase (default 10),
// --rate=<n> paste requests per second of each kind (default: as many as the server answers).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { z } from 'zod';
import { freePort } from '@tests/support/free-port';
import { waitForHealth } from '@bench/support/wait-for-health';
import { autocannon, type LoadResult, type Scenario } from '@bench/paste-api/autocannon';
import { cpuSeconds, load1, machine, rssMiB } from '@bench/paste-api/proc';
import { serverArgs } from '@bench/paste-api/server-command';

const root = fileURLToPath(new URL('../..', import.meta.url));
const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const photos = option('photos', 60);
const seconds = option('seconds', 10);
/** Paste requests per second of each kind (POST and GET); 0: as many as the server answers. */
const rate = option('rate', 0);
const adminPassword = 'bench-password-123';
const data = z.object({ data: z.unknown() });

/** A 4000×3000 photo-like JPEG: smooth colour with grain, as a phone camera writes (q 90). */
async function twelveMegapixels(seed: number): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(grain)
    .resize(4000, 3000, { kernel: 'cubic' })
    .modulate({ hue: seed * 47, saturation: 1.4 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-thumbs-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = await serverArgs(root, 'bundle', []);
  const server: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    await waitForHealth(baseUrl);
    const pid = server.pid ?? 0;
    const call = async (method: string, path: string, token: string | null, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return data.parse(await response.json()).data;
    };
    const token = z
      .object({ token: z.string() })
      .parse(await call('POST', '/api/admin/login', null, { username: 'admin', password: adminPassword })).token;
    const mounts = z.array(z.object({ id: z.string(), mount_path: z.string(), storage_config_id: z.string() }));
    const [mount] = mounts.parse(await call('GET', '/api/admin/mounts', token));
    if (mount === undefined) throw new Error('no bootstrap mount');

    // The photos, written into the local storage's folder as another tool would (no thumbnails yet).
    const samples = await Promise.all([1, 2, 3].map(twelveMegapixels));
    const objects = join(dataDir, 'blobs', mount.storage_config_id, 'objects', 'photos');
    await mkdir(objects, { recursive: true });
    for (let i = 0; i < photos; i += 1)
      await writeFile(
        join(objects, `IMG_${String(i).padStart(4, '0')}.jpg`),
        samples[i % samples.length] ?? Buffer.alloc(0),
      );
    const photoBytes = samples.map((sample) => sample.length);

    const pasteBody = JSON.stringify({ content: 'x'.repeat(1024) });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = z.object({ slug: z.string() }).parse(await call('POST', '/api/paste', token, { content: 'bench' }));
    const paced = rate > 0 ? { rate } : {};
    const load = (): Scenario[] => [
      {
        url: `${baseUrl}/api/paste`,
        method: 'POST',
        headers,
        body: pasteBody,
        connections: 8,
        stop: { seconds },
        ...paced,
      },
      { url: `${baseUrl}/api/paste/${created.slug}`, connections: 8, stop: { seconds }, ...paced },
    ];
    const queueLength = async () =>
      z.object({ thumbnailQueue: z.number() }).parse(await call('GET', '/api/admin/dashboard/stats', token))
        .thumbnailQueue;

    const startLoad = load1();
    const quiet: LoadResult[] = await Promise.all(load().map(autocannon));

    const cpuBefore = await cpuSeconds(pid);
    const started = performance.now();
    await call('POST', '/api/admin/fs/refresh', token, { mount_id: mount.id });
    const queued = await queueLength();
    // When the queue empties under the load, the rate during it counts up to that moment.
    let drainedUnderLoad: number | null = null;
    const loading = Promise.all(load().map(autocannon));
    let loaded = false;
    void loading.finally(() => {
      loaded = true;
    });
    while (!loaded && drainedUnderLoad === null) {
      if ((await queueLength()) === 0) drainedUnderLoad = (performance.now() - started) / 1000;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const busy: LoadResult[] = await loading;
    const leftAfterLoad = await queueLength();
    const loadEnded = performance.now();
    let rss = await rssMiB(pid);
    for (;;) {
      const left = await queueLength();
      rss = Math.max(rss, await rssMiB(pid));
      if (left === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const elapsed = drainedUnderLoad ?? (performance.now() - started) / 1000;
    const alone = (performance.now() - loadEnded) / 1000;
    const cpu = (await cpuSeconds(pid)) - cpuBefore;
    const check = await fetch(
      `${baseUrl}/api/admin/fs/thumbnail?${new URLSearchParams({ path: `${mount.mount_path}/photos/IMG_0000.jpg` })}`,
      { headers: { authorization: `Bearer ${token}` } },
    );

    out(`Machine: ${machine()}; load average (1 min) at start ${startLoad}, at the end ${load1()}`);
    out(`Date: ${new Date().toISOString()}`);
    out(`Server: node ${args.map((arg) => arg.replace(root, '')).join(' ')} (SQLite, local storage)`);
    out(`Photos: ${photos} JPEGs of 4000×3000 (12 MP), ${photoBytes.map((b) => (b / 1e6).toFixed(1)).join(' / ')} MB`);
    out(`Queued by the refresh: ${queued}; still queued when the ${seconds} s of paste load ended: ${leftAfterLoad}`);
    out(`Queue drained in ${elapsed.toFixed(1)} s: ${(photos / elapsed).toFixed(2)} photos/s (tile + large each)`);
    out(
      drainedUnderLoad === null
        ? `During the paste load: ${((photos - leftAfterLoad) / seconds).toFixed(2)} photos/s; after it, alone: ${(leftAfterLoad / alone).toFixed(2)} photos/s`
        : `During the paste load: ${(photos / drainedUnderLoad).toFixed(2)} photos/s (the queue drained ${drainedUnderLoad.toFixed(1)} s after the refresh, under the load)`,
    );
    out(
      `Server CPU during the drain: ${cpu.toFixed(1)} s; highest RSS ${rss} MiB; first thumbnail answered ${check.status}`,
    );
    const pace = rate > 0 ? `, at most ${rate} req/s each` : ', as fast as answered';
    out(`\n| paste API (c8 each, at once${pace}) | req/s | p50 ms | p99 ms | non-2xx + errors |`);
    out('|---|---|---|---|---|');
    const names = ['POST /api/paste 1 KB', 'GET /api/paste/:slug'];
    for (const [phase, results] of [
      ['queue idle', quiet],
      ['queue draining', busy],
    ] as const)
      for (const [i, r] of results.entries())
        out(`| ${names[i]}, ${phase} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} |`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
