// Paste API benchmark: starts the real server (production mode, fresh data dir) as a child
// process, then drives it with the autocannon CLI (autocannon.ts) and prints a markdown table.
// Options: --quick (a tenth of the load), --server=tsx, --node-arg=<flag> (see server-command.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { freePort } from '../../tests/support/free-port';
import { autocannon, autocannonArgs, type LoadResult, type Scenario } from './autocannon';
import { parseServerOptions, serverArgs } from './server-command';

const root = fileURLToPath(new URL('../..', import.meta.url));
const quick = process.argv.includes('--quick');
const scale = quick ? 0.1 : 1;
const adminPassword = 'bench-password-123';
const serverOptions = parseServerOptions(process.argv);

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

    const getPaste = { url: `${baseUrl}/api/paste/${slug}` };
    const postPaste = { url: `${baseUrl}/api/paste`, method: 'POST', headers: postHeaders, body } as const;
    const health = { url: `${baseUrl}/api/health` };
    const seconds = (s: number) => ({ seconds: Math.max(1, Math.round(s * scale)) });
    const requests = (n: number) => ({ requests: Math.round(n * scale) });
    const masked = (arg: string) => arg.replace(token, '<token>').replace(body, '<1 KB JSON body>').replace(baseUrl, 'http://127.0.0.1:<port>').replace(slug, '<slug>');
    const quoted = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg}'`);
    const shown = (s: Scenario) => `npx ${autocannonArgs(s).map((arg) => quoted(masked(arg))).join(' ')}`;

    const scenarios: [string, Scenario][] = [
      ['GET /api/paste/:slug (c64, 20 s)', { ...getPaste, connections: 64, stop: seconds(20) }],
      ['POST /api/paste 1 KB (c16, 15 s)', { ...postPaste, connections: 16, stop: seconds(15) }],
      ['POST /api/paste 1 KB (c64, 15 s)', { ...postPaste, connections: 64, stop: seconds(15) }],
      ['GET /api/health (c64, 10 s)', { ...health, connections: 64, stop: seconds(10) }],
    ];
    const rows: [string, LoadResult][] = [];
    for (const [name, scenario] of scenarios) rows.push([name, await autocannon(scenario)]);

    // Mixed load: per 25,000 requests, three autocannon processes at once (c32 in all):
    // half GET paste, a quarter health, a quarter POST paste.
    const mixed: Scenario[] = [
      { ...getPaste, connections: 16, stop: requests(12_500) },
      { ...health, connections: 8, stop: requests(6_250) },
      { ...postPaste, connections: 8, stop: requests(6_250) },
    ];
    const rss = [await rssMiB(pid)];
    const mixedResults: LoadResult[] = [];
    for (let batch = 0; batch < 4; batch += 1) {
      mixedResults.push(...(await Promise.all(mixed.map(autocannon))));
      rss.push(await rssMiB(pid));
    }
    const failed = (results: readonly LoadResult[]) => results.reduce((sum, r) => sum + r.non2xx + r.errors, 0);

    process.stdout.write(`Server: node ${args.map((arg) => arg.replace(root, '')).join(' ')}\n`);
    for (const [name, scenario] of scenarios) process.stdout.write(`${name}: ${shown(scenario)}\n`);
    process.stdout.write(`Mixed, 4 batches of: ${mixed.map(shown).join(' & ')}\n\n`);
    process.stdout.write('| benchmark | req/s | p50 ms | p99 ms | non-2xx | errors |\n|---|---|---|---|---|---|\n');
    for (const [name, r] of rows) process.stdout.write(`| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |\n`);
    process.stdout.write(`\nServer RSS (MiB) idle after start: ${idleRss}\n`);
    process.stdout.write(`Server RSS (MiB) after 0 / 25k / 50k / 75k / 100k mixed requests: ${rss.join(' / ')}\n`);
    process.stdout.write(`Mixed requests answered non-2xx or with an error: ${failed(mixedResults)}\n`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
