// The reliability suite (npm run test:reliability, through run.sh): starts the stack (stack.ts),
// runs the scenarios through nginx one after another, prints each one's figures and checks, writes
// them all to a JSON file, stops everything it started and exits 1 when any check failed.
// Usage: npx tsx tests/reliability/run.ts [--clients=200] [--seconds=60] [--fuzz=10000]
//   [--creates=1000] [--out=FILE, default $TMPDIR/clipdock-reliability.json] [--only=limits,one-view,kill,storage,database,load,fuzz]
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { runFuzz } from '@tests/support/fuzz/run-fuzz';
import { call, login } from './client';
import { load } from './load';
import { Checks, type ScenarioResult } from './report';
import { killDuringCreates, oneViewRaces } from './scenarios-data';
import { databaseRestart, sharedLimits, storageOutage } from './scenarios-faults';
import { admin, type Stack, startStack } from './stack';

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const numberOption = (name: string, fallback: number) => {
  const value = Number(option(name) ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
};
const clients = numberOption('clients', 200);
const seconds = numberOption('seconds', 60);
const fuzzCount = numberOption('fuzz', 10_000);
const creates = numberOption('creates', 1_000);
const out = resolve(option('out') ?? join(tmpdir(), 'clipdock-reliability.json'));
const only = option('only')?.split(',');
const logDir = join(dirname(out), 'clipdock-reliability-logs');
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function fuzz(stack: Stack, token: string): Promise<ScenarioResult> {
  const checks = new Checks(`fuzz: ${fuzzCount} requests through the proxy`);
  const seed = Date.now() % 1_000_000;
  const report = await runFuzz({
    baseUrl: stack.proxyUrl,
    admin,
    count: fuzzCount,
    seed,
    spreadAddresses: true,
    onProgress: (sent) => {
      if (sent % 1_000 === 0) log(`fuzz: ${sent} of ${fuzzCount}`);
    },
  });
  const status500 = report.failures.filter((failure) => failure.status === 500);
  Object.assign(checks.figures, {
    seed,
    sent: report.sent,
    operations: report.operations,
    byStatus: report.byStatus,
    status500: status500.length,
    unanswered: report.failures.length - status500.length,
    unsendable: report.unsendable,
    resets: report.resets,
    firstFailures: report.failures.slice(0, 5),
  });
  const health = async (url: string) => {
    const begun = performance.now();
    const answer = await call(url, 'GET', '/api/health', { timeoutMs: 60_000 });
    return {
      status: answer.status,
      text: `${answer.status} ${answer.message ?? ''} in ${Math.round(performance.now() - begun)} ms`,
    };
  };
  const afterwards = [
    ['proxy', await health(stack.proxyUrl)],
    ...(await Promise.all(
      stack.instances.map(async (instance) => [instance.name, await health(instance.baseUrl)] as const),
    )),
  ] as const;
  checks.figures.healthAfterwards = Object.fromEntries(afterwards.map(([name, answer]) => [name, answer.text]));
  checks.figures.healthCheckFailedDuringPass = report.serverDown;
  checks.check(status500.length === 0, `no answer with status 500 (${status500.length})`);
  // Found by this pass: a form part whose Content-Disposition has no name.
  const boundary = 'reliability-boundary';
  const nameless = `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${boundary}--\r\n`;
  for (const path of ['/api/upload', '/api/user/fs/upload']) {
    const answer = await call(stack.proxyUrl, 'POST', path, {
      token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: nameless,
    });
    checks.figures[`namelessFormPart ${path}`] = `${answer.status} ${answer.code ?? ''} ${answer.message ?? ''}`;
    checks.check(answer.status === 400, `POST ${path} with a form part without a name is a 400 (${answer.status})`);
  }
  for (const instance of stack.instances)
    checks.check(instance.exit() === undefined, `${instance.name} still running (${instance.exit() ?? 'yes'})`);
  checks.check(
    afterwards.every(([, answer]) => answer.status === 200),
    'health answers 200 afterwards, through the proxy and on each instance',
  );
  checks.check(
    report.sent + report.unsendable >= fuzzCount,
    `the pass ran to its end (${report.sent + report.unsendable} of ${fuzzCount}; it stops when a health check between requests fails)`,
  );
  return checks.result();
}

function print(result: ScenarioResult): void {
  log(`== ${result.name} (${result.seconds} s): ${result.failed.length === 0 ? 'PASS' : 'FAIL'}`);
  for (const [name, value] of Object.entries(result.figures)) console.log(`   ${name}: ${JSON.stringify(value)}`);
  for (const passed of result.passed) console.log(`   ok   ${passed}`);
  for (const failed of result.failed) console.log(`   FAIL ${failed}`);
}

const scenarios: [string, (stack: Stack, token: string) => Promise<ScenarioResult>][] = [
  ['limits', sharedLimits],
  ['one-view', (stack, token) => oneViewRaces(stack, token)],
  ['kill', (stack, token) => killDuringCreates(stack, token, creates)],
  ['storage', storageOutage],
  ['database', databaseRestart],
  ['load', (stack, token) => load(stack, token, clients, seconds)],
  ['fuzz', fuzz],
];

const started = performance.now();
const results: ScenarioResult[] = [];
let stack: Stack | undefined;
let stopping = false;
const stopAll = async () => {
  if (stopping) return;
  stopping = true;
  log('stopping the stack');
  await stack?.stop();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
let crashed: unknown;
try {
  log(
    `machine: ${cpus().length} cores, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  await rm(logDir, { recursive: true, force: true });
  await mkdir(logDir, { recursive: true });
  stack = await startStack(log, logDir);
  log(`two instances behind nginx on ${stack.proxyUrl}`);
  const token = await login(stack.proxyUrl, admin);
  for (const [name, scenario] of scenarios) {
    if (only !== undefined && !only.includes(name)) continue;
    log(`-- ${name}`);
    let result: ScenarioResult;
    try {
      result = await scenario(stack, token);
    } catch (error) {
      result = { name, seconds: 0, figures: {}, passed: [], failed: [`crashed: ${String(error)}`] };
    }
    const down = stack.instances.filter((instance) => instance.exit() !== undefined);
    for (const instance of down)
      result.failed.push(`${instance.name} ended (${instance.exit()}); its log: ${instance.logFile}`);
    for (const instance of down)
      await instance.start().catch((error) => result.failed.push(`${instance.name} did not start again: ${error}`));
    print(result);
    results.push(result);
  }
} catch (error) {
  crashed = error;
  console.error(error);
} finally {
  await stopAll();
}
const failed = results.flatMap((result) => result.failed.map((check) => `${result.name}: ${check}`));
const summary = {
  finishedAt: new Date().toISOString(),
  minutes: Math.round((performance.now() - started) / 6_000) / 10,
  options: { clients, seconds, fuzz: fuzzCount, creates },
  passed: crashed === undefined && failed.length === 0,
  failed,
  scenarios: results,
};
await writeFile(out, `${JSON.stringify(summary, null, 2)}\n`);
log(
  `${failed.length === 0 && crashed === undefined ? 'all checks passed' : `${failed.length} checks failed`}; figures in ${out}`,
);
process.exit(summary.passed ? 0 : 1);
