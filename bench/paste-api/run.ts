// Paste API benchmark: starts the real server (production mode, fresh data dir) and a bare
// node:http server (the floor, floor.ts) as child processes, drives both with the autocannon CLI
// (autocannon.ts) in the same run, and prints per test req/s, p50, p99, each server's CPU µs per
// request (from /proc) and the ratio of the two. The machine may be shared: CPU per request and the
// same-run ratio hold up under other load far better than req/s does.
// Options: --quick (a tenth of the load), --rounds=<n> (default 1; Clipdock and floor alternate
// which goes first), --server=tsx, --node-arg=<flag> (see server-command.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { freePort } from '@tests/support/free-port';
import { autocannon, autocannonArgs, type LoadResult, type Scenario } from './autocannon';
import { startFloor } from './floor';
import { cpuSeconds, load1, machine, rssMiB } from './proc';
import { parseServerOptions, serverArgs } from './server-command';
import { waitForHealth } from '@bench/support/wait-for-health';

const root = fileURLToPath(new URL('../..', import.meta.url));
const quick = process.argv.includes('--quick');
const scale = quick ? 0.1 : 1;
const rounds = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 1);
const adminPassword = 'bench-password-123';
const serverOptions = parseServerOptions(process.argv);

const dataSchema = z.object({ data: z.record(z.string(), z.unknown()) });

async function json(response: Response): Promise<z.infer<typeof dataSchema>> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return dataSchema.parse(await response.json());
}

/** The size of the answer's body, as autocannon would receive it (no Accept-Encoding). */
async function answerBytes(s: Scenario): Promise<number> {
  const init: RequestInit = { method: s.method ?? 'GET', headers: s.headers };
  if (s.body !== undefined) init.body = s.body;
  const response = await fetch(s.url, init);
  if (!response.ok) throw new Error(`${s.url}: ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

type Measured = LoadResult & { cpuUs: number };

/** One autocannon run against the process `pid`, with that process's CPU µs per answered request. */
async function measure(pid: number, scenario: Scenario): Promise<Measured> {
  const before = await cpuSeconds(pid);
  const result = await autocannon(scenario);
  const used = (await cpuSeconds(pid)) - before;
  return { ...result, cpuUs: Math.round((used * 1e6) / Math.max(1, result.total)) };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = await serverArgs(root, serverOptions.mode, serverOptions.extraNodeArgs);
  const server: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const floor = await startFloor();
  try {
    await waitForHealth(baseUrl);
    const pid = server.pid ?? 0;
    const idleRss = await rssMiB(pid);
    const startLoad = load1();
    const login = await json(
      await fetch(`${baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: adminPassword }),
      }),
    );
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
    const masked = (arg: string) =>
      arg
        .replace(token, '<token>')
        .replace(body, '<1 KB JSON body>')
        .replace(baseUrl, 'http://127.0.0.1:<port>')
        .replace(slug, '<slug>');
    const quoted = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg}'`);
    const shown = (s: Scenario) =>
      `npx ${autocannonArgs(s)
        .map((arg) => quoted(masked(arg)))
        .join(' ')}`;

    const tests: [string, Scenario][] = [
      ['GET /api/paste/:slug (c64, 20 s)', { ...getPaste, connections: 64, stop: seconds(20) }],
      ['POST /api/paste 1 KB (c16, 15 s)', { ...postPaste, connections: 16, stop: seconds(15) }],
      ['POST /api/paste 1 KB (c64, 15 s)', { ...postPaste, connections: 64, stop: seconds(15) }],
      ['GET /api/health (c64, 10 s)', { ...health, connections: 64, stop: seconds(10) }],
    ];
    // The built web app's pages, when there is one (the bench builds only the server): index.html,
    // and the paste's share page, which the server renders for each request (a counted view, the
    // Markdown from the render cache, the app's components through react-dom/server).
    if (existsSync(join(root, 'dist/index.html'))) {
      tests.push(['GET / (index.html, c64, 10 s)', { url: `${baseUrl}/`, connections: 64, stop: seconds(10) }]);
      const sharePage = { url: `${baseUrl}/paste/${slug}`, connections: 64, stop: seconds(10) };
      const html = await (await fetch(sharePage.url)).text();
      if (!html.includes('id="share-data"')) throw new Error('the paste page was not rendered on the server');
      tests.push(['GET /paste/:slug (server-rendered page, c64, 10 s)', sharePage]);
    }
    // The floor answers the same method, headers and request body with a body of the same size.
    const floorOf = async (s: Scenario): Promise<Scenario> => ({
      ...s,
      url: `${floor.baseUrl}/${await answerBytes(s)}`,
    });
    const floors = await Promise.all(tests.map(([, s]) => floorOf(s)));

    const results: { name: string; round: number; app: Measured; floor: Measured }[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      for (const [index, [name, scenario]] of tests.entries()) {
        const floorScenario = floors[index] ?? scenario;
        const appFirst = round % 2 === 1;
        const first = await measure(appFirst ? pid : floor.pid, appFirst ? scenario : floorScenario);
        const second = await measure(appFirst ? floor.pid : pid, appFirst ? floorScenario : scenario);
        results.push({ name, round, app: appFirst ? first : second, floor: appFirst ? second : first });
      }
    }
    const endLoad = load1();

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
    const failed = (list: readonly LoadResult[]) => list.reduce((sum, r) => sum + r.non2xx + r.errors, 0);

    const out = (line: string) => process.stdout.write(`${line}\n`);
    out(`Machine: ${machine()}; load average (1 min) at start ${startLoad}, after the tests ${endLoad}`);
    out(`Server: node ${args.map((arg) => arg.replace(root, '')).join(' ')}`);
    out(
      "Floor: a bare node:http server in its own process answering a fixed JSON body of the same size as each test's answer",
    );
    for (const [index, [name, scenario]] of tests.entries())
      out(`${name}: ${shown(scenario)} (floor: ${floors[index]?.url.replace(floor.baseUrl, '<floor>')})`);
    out(`Mixed, 4 batches of: ${mixed.map(shown).join(' & ')}\n`);
    out(
      '| test | round | req/s | p50 ms | p99 ms | CPU µs/req | floor req/s | floor p50 | floor p99 | floor CPU µs/req | CPU ratio | non-2xx + errors |',
    );
    out('|---|---|---|---|---|---|---|---|---|---|---|---|');
    const row = (name: string, round: string, a: Measured, f: Measured, bad: number) =>
      out(
        `| ${name} | ${round} | ${Math.round(a.rps)} | ${a.p50} | ${a.p99} | ${a.cpuUs} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.cpuUs} | ${round1(a.cpuUs / Math.max(1, f.cpuUs))}× | ${bad} |`,
      );
    for (const r of results)
      row(r.name, String(r.round), r.app, r.floor, r.app.non2xx + r.app.errors + r.floor.non2xx + r.floor.errors);
    if (rounds > 1) {
      for (const [name] of tests) {
        const mine = results.filter((r) => r.name === name);
        const pick = (side: 'app' | 'floor'): Measured => {
          const of = (key: keyof Measured) => median(mine.map((r) => r[side][key]));
          return {
            rps: of('rps'),
            total: of('total'),
            p50: of('p50'),
            p99: of('p99'),
            non2xx: of('non2xx'),
            errors: of('errors'),
            cpuUs: of('cpuUs'),
          };
        };
        row(`**${name}**`, 'median', pick('app'), pick('floor'), 0);
      }
    }
    out(`\nServer RSS (MiB) idle after start: ${idleRss}`);
    out(`Server RSS (MiB) after 0 / 25k / 50k / 75k / 100k mixed requests: ${rss.join(' / ')}`);
    out(`Mixed requests answered non-2xx or with an error: ${failed(mixedResults)}`);
  } finally {
    server.kill('SIGTERM');
    await Promise.all([new Promise((resolve) => server.once('exit', resolve)), floor.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
