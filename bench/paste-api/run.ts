// Paste API benchmark: starts the real server (production mode, fresh data dir) as a child
// process, then drives it from a second child process and prints a markdown table.
// Options: --quick (a tenth of the load), --server=tsx, --node-arg=<flag> (see server-command.ts).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadResultSchema, type LoadPlan, type LoadResult, type LoadTarget } from './load-plan';
import { parseServerOptions, serverArgs } from './server-command';

const root = fileURLToPath(new URL('../..', import.meta.url));
const quick = process.argv.includes('--quick');
const scale = quick ? 0.1 : 1;
const adminPassword = 'bench-password-123';
const serverOptions = parseServerOptions(process.argv);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('server did not become healthy');
}

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

function load(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', join(root, 'bench/paste-api/load.ts'), JSON.stringify(plan)];
    execFile(process.execPath, args, { cwd: root, maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error !== null) reject(error);
      else resolve(loadResultSchema.parse(JSON.parse(stdout)));
    });
  });
}

const dataSchema = z.object({ data: z.record(z.string(), z.unknown()) });

async function json(response: Response): Promise<z.infer<typeof dataSchema>> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return dataSchema.parse(await response.json());
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = await serverArgs(root, serverOptions.mode, serverOptions.extraNodeArgs);
  const server: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl);
    const pid = server.pid ?? 0;
    const idleRss = await rssMiB(pid);
    const login = await json(await fetch(`${baseUrl}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: adminPassword }) }));
    const token = String(login.data.token);
    const body = JSON.stringify({ content: 'x'.repeat(1024) });
    const postHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await json(await fetch(`${baseUrl}/api/paste`, { method: 'POST', headers: postHeaders, body }));
    const slug = String(created.data.slug);

    const getPaste: LoadTarget = { method: 'GET', path: `/api/paste/${slug}`, headers: {} };
    const postPaste: LoadTarget = { method: 'POST', path: '/api/paste', headers: postHeaders, body };
    const health: LoadTarget = { method: 'GET', path: '/api/health', headers: {} };
    const ms = (s: number) => Math.round(s * 1000 * scale);

    const rows: [string, LoadResult][] = [];
    rows.push(['GET /api/paste/:slug (c64, 20 s)', await load({ baseUrl, connections: 64, durationMs: ms(20), targets: [getPaste] })]);
    rows.push(['POST /api/paste 1 KB (c16, 15 s)', await load({ baseUrl, connections: 16, durationMs: ms(15), targets: [postPaste] })]);
    rows.push(['GET /api/health (c64, 10 s)', await load({ baseUrl, connections: 64, durationMs: ms(10), targets: [health] })]);

    const rss = [await rssMiB(pid)];
    const mixed = [getPaste, getPaste, health, postPaste];
    for (let batch = 0; batch < 4; batch += 1) {
      await load({ baseUrl, connections: 32, requests: Math.round(25_000 * scale), targets: mixed });
      rss.push(await rssMiB(pid));
    }

    process.stdout.write(`Server: node ${args.map((arg) => arg.replace(root, '')).join(' ')}\n\n`);
    process.stdout.write('| benchmark | req/s | p50 ms | p99 ms | non-2xx | errors |\n|---|---|---|---|---|---|\n');
    for (const [name, r] of rows) process.stdout.write(`| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |\n`);
    process.stdout.write(`\nServer RSS (MiB) idle after start: ${idleRss}\n`);
    process.stdout.write(`Server RSS (MiB) after 0 / 25k / 50k / 75k / 100k mixed requests: ${rss.join(' / ')}\n`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
