// The long fuzz pass: the server as `npm start` runs it (built bundle, production mode, a fresh data
// folder on SQLite and the local driver, or PostgreSQL with --database-url=…) in a child process,
// and `--count` (default 10,000) malformed requests over every operation in /api/openapi.json and
// /dav, as every kind of caller (tests/support/fuzz). Prints the answers by status and every 500;
// exits 1 on any 500 or when the server stops answering.
// Usage: npx tsx bench/fuzz/run.ts [--count=10000] [--seed=N] [--database-url=postgres://…]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@tests/support/free-port';
import { runFuzz } from '@tests/support/fuzz/run-fuzz';
import { machine } from '@bench/paste-api/proc';
import { serverArgs } from '@bench/paste-api/server-command';
import { waitForHealth } from '@bench/support/wait-for-health';

const root = fileURLToPath(new URL('../..', import.meta.url));
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const count = Number(option('count') ?? 10_000);
const seed = Number(option('seed') ?? Date.now() % 1_000_000);
const databaseUrl = option('database-url');
const admin = { username: 'admin', password: 'fuzz-admin-password-1' };

const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-fuzz-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, await serverArgs(root, 'bundle', []), {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    TRUST_PROXY: 'true',
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let exitCode: number | null = null;
server.on('exit', (code) => {
  exitCode = code;
});
try {
  await waitForHealth(baseUrl);
  const started = performance.now();
  const report = await runFuzz({
    baseUrl,
    admin,
    count,
    seed,
    spreadAddresses: true,
    onProgress: (sent) => process.stderr.write(`\r${sent} of ${count}`),
  });
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write('\n');
  console.log(`machine: ${machine()}`);
  console.log(`database: ${databaseUrl === undefined ? 'SQLite' : 'PostgreSQL'}, storage: local; seed ${seed}`);
  console.log(`${report.sent} requests over ${report.operations} operations and /dav in ${seconds.toFixed(0)} s`);
  console.log(
    `by status: ${JSON.stringify(report.byStatus)}; not sendable by Node's client: ${report.unsendable}; connections reset after an early refusal: ${report.resets}`,
  );
  console.log(
    `status 500 or no answer: ${report.failures.length}; server ${report.serverDown || exitCode !== null ? 'DOWN' : 'up'}`,
  );
  for (const failure of report.failures)
    console.log(`  ${failure.status} ${failure.method} ${failure.path}: ${failure.body}`);
  process.exitCode = report.failures.length > 0 || report.serverDown || exitCode !== null ? 1 : 0;
} finally {
  server.kill('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}
