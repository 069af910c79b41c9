// Starts one radosgw (memstore, free ports, temp folder) for the whole integration run and
// hands its endpoint and keys to the tests. Installs the Debian packages first when missing.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import type { RgwInfo } from './support/rgw';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const script = join(repo, 'scripts/local-rgw.sh');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensurePackages();
  const keys = { accessKeyId: `it${randomBytes(6).toString('hex')}`, secretAccessKey: randomBytes(20).toString('hex') };
  let lastError = '';
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const dir = await mkdtemp(join(tmpdir(), 'clipdock-rgw-'));
    const [rgwPort, monPort] = [await freePort(), await freePort()];
    const env = { ...process.env, RGW_PORT: String(rgwPort), MON_PORT: String(monPort), S3_KEY: keys.accessKeyId, S3_SECRET: keys.secretAccessKey };
    try {
      await run('bash', [script, 'start', dir, 'memstore'], { env, timeout: 90_000 });
      const info: RgwInfo = { endpoint: `http://127.0.0.1:${rgwPort}`, ...keys };
      project.provide('rgw', info);
      return async () => {
        await run('bash', [script, 'stop', dir], { env, timeout: 30_000 }).catch(() => undefined);
        await rm(dir, { recursive: true, force: true });
      };
    } catch (error) {
      lastError = `${error instanceof Error ? error.message : String(error)}\n${await logTail(dir)}`;
      await run('bash', [script, 'stop', dir], { env, timeout: 30_000 }).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  }
  throw new Error(`radosgw did not start after 2 attempts:\n${lastError}`);
}

function ensurePackages(): void {
  const onPath = (name: string) => (process.env.PATH ?? '').split(':').some((dir) => existsSync(join(dir, name)));
  if (onPath('radosgw')) return;
  execFileSync('bash', [join(repo, 'scripts/ensure-system-deps.sh')], { stdio: 'inherit', timeout: 300_000 });
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address !== null && typeof address === 'object' ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

async function logTail(dir: string): Promise<string> {
  const logDir = join(dir, 'log');
  const names = await readdir(logDir).catch(() => [] as string[]);
  const tails = await Promise.all(
    names.map(async (name) => `--- ${name}\n${(await readFile(join(logDir, name), 'utf8')).split('\n').slice(-15).join('\n')}`),
  );
  return tails.join('\n');
}
