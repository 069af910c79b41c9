// Markdown denial of service: starts the production server (as `npm start` does, fresh data dir),
// creates pastes whose Markdown the renderer cannot finish (runs of `_a` and `*a`, emphasis nested
// 40,000 deep, 250,000 `>`), then asks for ten at once with ?render=html, again and again with ten
// new ones, for as long as autocannon hammers /api/health. Prints /api/health p50/p99 at rest and
// during the renders, each paste's time and answer in the first round, every round's answers, and
// a round of the first ten again (the verdicts kept by content hash). Target: health p99 < 50 ms.
// Options: --server=tsx, --node-arg=<flag> (see bench/paste-api/server-command.ts).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { autocannon, type LoadResult } from '@bench/paste-api/autocannon';
import { load1, machine } from '@bench/paste-api/proc';
import { parseServerOptions, serverArgs } from '@bench/paste-api/server-command';
import { freePort } from '@tests/support/free-port';
import { waitForHealth } from '@bench/support/wait-for-health';

const root = fileURLToPath(new URL('../..', import.meta.url));
const adminPassword = 'bench-password-123';
const healthSeconds = 15;
const rounds = 6;

/** Ten sources, each made unique so that no answer comes from another's cache entry. */
const hostile = (n: number): string => {
  const shapes = [
    () => '_a'.repeat(125_000),
    () => '*a'.repeat(125_000),
    () => `${'*'.repeat(40_000)}a${'*'.repeat(40_000)}`,
    () => '>'.repeat(250_000),
  ];
  return `${shapes[n % shapes.length]?.() ?? ''}\n\n${n}`;
};

const envelope = z.object({ data: z.record(z.string(), z.unknown()) });
const viewSchema = z.object({ data: z.object({ unrendered: z.optional(z.string()), html: z.optional(z.string()) }) });

type Timed = { ms: number; status: number; unrendered: string };

async function renderAll(baseUrl: string, slugs: readonly string[], query = '?render=html'): Promise<Timed[]> {
  return Promise.all(
    slugs.map(async (slug) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/paste/${slug}${query}`);
      const status = response.status;
      const body = status === 200 ? viewSchema.parse(await response.json()) : undefined;
      return {
        ms: Math.round(performance.now() - started),
        status,
        unrendered: body?.data.unrendered ?? (body?.data.html === undefined ? '-' : 'rendered'),
      };
    }),
  );
}

const row = (label: string, r: LoadResult) =>
  `| ${label} | ${r.total} | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} |`;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { mode, extraNodeArgs } = parseServerOptions(process.argv);
  const server = spawn(process.execPath, await serverArgs(root, mode, extraNodeArgs), {
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
  try {
    await waitForHealth(baseUrl);
    const login = envelope.parse(
      await (
        await fetch(`${baseUrl}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: adminPassword }),
        })
      ).json(),
    );
    const headers = { authorization: `Bearer ${String(login.data.token)}`, 'content-type': 'application/json' };
    const slugs: string[] = [];
    for (let n = 0; n < 10 * rounds; n += 1) {
      const response = await fetch(`${baseUrl}/api/paste`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content: hostile(n) }),
      });
      slugs.push(String(envelope.parse(await response.json()).data.slug));
    }
    const health = { url: `${baseUrl}/api/health`, connections: 10 } as const;
    const loadBefore = load1();
    const rest = await autocannon({ ...health, stop: { seconds: 5 } });
    const during = autocannon({ ...health, stop: { seconds: healthSeconds } });
    // Autocannon starts in a child process: give it a moment to connect before the renders begin.
    await new Promise((resolve) => setTimeout(resolve, 500));
    let done = false;
    void during.then(() => {
      done = true;
    });
    const answered: Timed[][] = [];
    for (let round = 0; round < rounds && !done; round += 1) {
      answered.push(await renderAll(baseUrl, slugs.slice(round * 10, round * 10 + 10)));
    }
    const busy = await during;
    const first = answered[0] ?? [];
    const second = await renderAll(baseUrl, slugs.slice(0, 10));

    // The same requests without ?render=html: what reading these large pastes costs without any
    // rendering (the view count's write, the JSON, its compression), for comparison.
    const plainWindow = autocannon({ ...health, stop: { seconds: healthSeconds } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    let plainDone = false;
    void plainWindow.then(() => {
      plainDone = true;
    });
    for (let round = 0; round < rounds && !plainDone; round += 1) {
      await renderAll(baseUrl, slugs.slice(round * 10, round * 10 + 10), '');
    }
    const plain = await plainWindow;

    console.log(`\n${machine()}; load average ${loadBefore} before, ${load1()} after`);
    console.log(`health: autocannon -c 10; during: ${healthSeconds} s while the renders below ran\n`);
    console.log('| /api/health | requests | p50 ms | p99 ms | errors |\n| --- | --- | --- | --- | --- |');
    console.log(row('at rest (5 s)', rest));
    console.log(row('during the renders', busy));
    console.log(row('during the same reads without render=html', plain));
    console.log('\n| paste | shape | first ms | answer | again ms | answer |\n| --- | --- | --- | --- | --- | --- |');
    const shapes = ['`_a` × 125,000', '`*a` × 125,000', 'emphasis nested 40,000 deep', '`>` × 250,000'];
    first.forEach((one, n) => {
      const again = second[n];
      console.log(
        `| ${n + 1} | ${shapes[n % shapes.length]} | ${one.ms} | ${one.status} ${one.unrendered} | ${again?.ms} | ${again?.status} ${again?.unrendered} |`,
      );
    });
    console.log('\n| round | slowest ms | too-complex | busy | other |\n| --- | --- | --- | --- | --- |');
    answered.forEach((round, n) => {
      const count = (what: string) => round.filter((one) => one.unrendered === what).length;
      const slowest = Math.max(...round.map((one) => one.ms));
      const other = round.length - count('too-complex') - count('busy');
      console.log(`| ${n + 1} | ${slowest} | ${count('too-complex')} | ${count('busy')} | ${other} |`);
    });
    console.log(`\nhealth p99 during the renders: ${busy.p99} ms (target < 50 ms)`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
