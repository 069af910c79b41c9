// Lighthouse on the pages most visitors open, as a new user meets them: `npm run build`, the
// server as `npm start` runs it (real compression), a cold Chromium per run (Lighthouse's own
// launcher, a fresh profile each time), mobile (Lighthouse's default: simulated slow 4G, 4× CPU)
// and desktop. Prints the machine, load and command, then the median of the runs per page and mode.
// Bytes are Lighthouse's network records (transfer sizes: compressed bodies plus headers).
// "First load" counts the requests that started before the page's largest contentful paint was
// observed: what the page needed to show its content, and with it (a client-rendered page binds
// its handlers as it renders) to be usable. "HTML+CSS before FCP" counts the page and the
// stylesheets asked for before the first contentful paint was observed: all a server-rendered
// share page needs to paint its content. "Whole run" adds what loads in idle time after it.
// Options: --runs=<n> (default 2), --mode=mobile|desktop (default both), --page=<path, or paste or file> (repeatable;
// default the four pages), --no-build, --requests (list each run's requests with their bytes),
// --keep=<dir> (save every full Lighthouse report there as JSON).
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { CHROME_PATH, lighthouse, type Mode, type RunFigures } from './lighthouse';
import { precacheOf } from './precache';
import { seed, startServer } from './server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const argv = process.argv.slice(2);
const option = (name: string) =>
  argv.filter((arg) => arg.startsWith(`--${name}=`)).map((arg) => arg.slice(name.length + 3));
const runs = Number(option('runs')[0] ?? 2);
const modes: Mode[] =
  option('mode').length > 0
    ? option('mode').filter((mode): mode is Mode => mode === 'mobile' || mode === 'desktop')
    : ['mobile', 'desktop'];
const listRequests = argv.includes('--requests');
const keepDir = option('keep')[0];

function exec(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error === null ? resolve(stdout) : reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${stderr}`)),
    );
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);

function row(page: string, mode: Mode, results: RunFigures[]): string {
  const m = (pick: (r: RunFigures) => number) => median(results.map(pick));
  const each = (pick: (r: RunFigures) => number | string) => results.map(pick).join(', ');
  return [
    page,
    mode,
    `${m((r) => r.performance)} (${each((r) => r.performance)})`,
    `${m((r) => r.accessibility)}`,
    seconds(m((r) => r.fcp)),
    seconds(m((r) => r.lcp)),
    m((r) => r.cls).toFixed(3),
    Math.round(m((r) => r.tbt)),
    seconds(m((r) => r.speedIndex)),
    `${kb(m((r) => r.firstLoadBytes))} (${m((r) => r.firstLoadRequests)})`,
    kb(m((r) => r.htmlCssBeforeFcpBytes)),
    `${kb(m((r) => r.totalBytes))} (${m((r) => r.totalRequests)})`,
    kb(m((r) => r.unusedJs)),
  ].join(' | ');
}

function requestList(result: RunFigures): string {
  return result.requests
    .map((r) => {
      const before = r.networkRequestTime <= result.observedLcp ? 'first' : 'later';
      return `  ${before} ${String(Math.round(r.networkRequestTime)).padStart(5)} ms ${kb(r.transferSize).padStart(7)} KB wire ${kb(r.resourceSize).padStart(7)} KB ${r.sessionTargetType ?? ''} ${r.url}`;
    })
    .join('\n');
}

async function main(): Promise<void> {
  const cpuModel = /model name\s*:\s*(.+)/.exec(await readFile('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown';
  const chromium = (await exec(CHROME_PATH, ['--version']).catch(() => 'unknown')).trim();
  const loadAtStart = load();
  if (!argv.includes('--no-build')) await exec('npm', ['run', '--silent', 'build']);
  const server = await startServer(root);
  try {
    const { pastePath, filePath } = await seed(server.baseUrl);
    const named: Record<string, string> = { paste: pastePath, file: filePath };
    const pages = (option('page').length > 0 ? option('page') : ['/', 'paste', 'file', '/mount-explorer']).map(
      (page) => named[page] ?? page,
    );
    if (keepDir !== undefined) await mkdir(keepDir, { recursive: true });
    const rows: string[] = [];
    let version = '';
    const benchmarks: number[] = [];
    for (const page of pages) {
      for (const mode of modes) {
        const results: RunFigures[] = [];
        for (let i = 0; i < runs; i += 1) {
          const keepAs =
            keepDir === undefined ? undefined : join(keepDir, `${page.replace(/\W+/g, '_')}-${mode}-${i + 1}.json`);
          const result = await lighthouse(root, `${server.baseUrl}${page}`, mode, keepAs);
          version = result.version;
          benchmarks.push(result.benchmarkIndex);
          results.push(result);
          process.stderr.write(
            `${page} ${mode} run ${i + 1}: performance ${result.performance}, accessibility ${result.accessibility}, first load ${kb(result.firstLoadBytes)} KB, load ${load()}\n`,
          );
          if (listRequests) process.stderr.write(`${requestList(result)}\n`);
        }
        rows.push(row(page, mode, results));
      }
    }
    process.stdout.write(
      `Machine: ${cpuModel}, ${cpus().length} cores; ${chromium}; Lighthouse ${version}; Node ${process.version}\n`,
    );
    process.stdout.write(
      `Date: ${new Date().toISOString()}; load average (1, 5, 15 min) at start ${loadAtStart}, at end ${load()}\n`,
    );
    process.stdout.write(
      `Command: npx tsx bench/lighthouse/run.ts ${argv.join(' ')}`.trimEnd() +
        `; ${runs} run(s) per page and mode, medians\n\n`,
    );
    process.stdout.write(`Lighthouse CPU benchmark index (median of all runs): ${median(benchmarks)}\n\n`);
    process.stdout.write(
      '| page | mode | performance (runs) | accessibility | FCP s | LCP s | CLS | TBT ms | SI s | first load KB (requests) | HTML+CSS before FCP KB | whole run KB (requests) | unused JS KB |\n',
    );
    process.stdout.write('|---|---|---|---|---|---|---|---|---|---|---|---|---|\n');
    for (const line of rows) process.stdout.write(`| ${line} |\n`);
    const precache = await precacheOf(join(root, 'dist'));
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
    process.stdout.write(
      `\nService worker precache: ${precache.entries} files, ${mib(precache.bytes)} MiB (${kb(precache.wireBytes)} KB on the wire as brotli)\n`,
    );
  } finally {
    await server.stop();
  }
}

await main();
