// Starts one radosgw (memstore, free ports, temp folder) and one throwaway PostgreSQL cluster
// for the whole integration run and hands their addresses and credentials to the tests.
// Installs the Debian packages first when missing.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from '@tests/support/free-port';
import { startGateway } from '@tests/support/rgw-gateway';
import type { PostgresInfo } from './support/postgres';
import type { RgwInfo } from './support/rgw';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');

type Started<T> = { info: T; stop: () => Promise<void> };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensurePackages();
  const results = await Promise.allSettled([startRgw(), startPostgres()]);
  const [rgw, postgres] = results;
  if (rgw.status === 'fulfilled' && postgres.status === 'fulfilled') {
    project.provide('rgw', rgw.value.info);
    project.provide('postgres', postgres.value.info);
    return async () => {
      await Promise.all([rgw.value.stop(), postgres.value.stop()]);
    };
  }
  await Promise.all(results.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
  throw new Error(
    results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : [])).join('\n'),
  );
}

async function startRgw(): Promise<Started<RgwInfo>> {
  const keys = { accessKeyId: `it${randomBytes(6).toString('hex')}`, secretAccessKey: randomBytes(20).toString('hex') };
  const gateway = await startGateway({ store: 'memstore', ...keys, label: 'clipdock-rgw' });
  return { info: { endpoint: gateway.endpoint, ...keys }, stop: gateway.stop };
}

/**
 * initdb into a temp dir owned by the `postgres` user (the server refuses to run as root), start
 * it on a free port on 127.0.0.1 with fsync off, and add a password role that may create databases.
 */
async function startPostgres(): Promise<Started<PostgresInfo>> {
  const bin = postgresBinDir();
  if (bin === undefined) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin');
  const asPostgres = (command: string, args: string[], timeout: number) =>
    run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { timeout });
  const idOf = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  const [uid, gid] = [idOf('-u'), idOf('-g')];
  const info: PostgresInfo = {
    host: '127.0.0.1',
    port: 0,
    user: 'clipdock_it',
    password: randomBytes(16).toString('hex'),
  };
  let lastError = '';
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const dir = await mkdtemp(join(tmpdir(), 'clipdock-pg-'));
    const [data, log] = [join(dir, 'data'), join(dir, 'postgres.log')];
    const port = await freePort();
    const stop = async () => {
      await asPostgres('pg_ctl', ['stop', '-D', data, '-m', 'immediate'], 30_000).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    };
    try {
      await chown(dir, uid, gid);
      await mkdir(data);
      await chown(data, uid, gid);
      await asPostgres(
        'initdb',
        ['-D', data, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256', '--no-sync'],
        60_000,
      );
      await asPostgres(
        'pg_ctl',
        ['start', '-D', data, '-l', log, '-w', '-t', '60', '-o', `-h 127.0.0.1 -p ${port} -k ${dir} -F`],
        90_000,
      );
      const admin = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
      await admin.connect();
      try {
        await admin.query(`create role ${info.user} login createdb password '${info.password}'`);
      } finally {
        await admin.end();
      }
      return { info: { ...info, port }, stop };
    } catch (error) {
      const tail = (await readFile(log, 'utf8').catch(() => '')).split('\n').slice(-15).join('\n');
      lastError = `${error instanceof Error ? error.message : String(error)}\n--- postgres.log\n${tail}`;
      await stop();
    }
  }
  throw new Error(`PostgreSQL did not start after 2 attempts:\n${lastError}`);
}

function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions
    .map((v) => join(root, v, 'bin'))
    .find((dir) => existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb')));
}

function ensurePackages(): void {
  const onPath = (name: string) => (process.env.PATH ?? '').split(':').some((dir) => existsSync(join(dir, name)));
  if (onPath('radosgw') && postgresBinDir() !== undefined) return;
  execFileSync('bash', [join(repo, 'scripts/ensure-system-deps.sh')], { stdio: 'inherit', timeout: 300_000 });
}
