// Several real server processes on one PostgreSQL database, as a scaled deployment runs them: each
// is its own `node server/index.ts` (its own memory, caches and timers), with the same secret and
// the same data folder (the local storage a shared volume would give them).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { testAdmin } from './test-server';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

export type Instance = { baseUrl: string; child: ChildProcess; logs: string[] };

export type Cluster = {
  instances: Instance[];
  dataDir: string;
  /** Sends SIGTERM to every instance and waits for them to exit; removes the data folder. */
  close(): Promise<void>;
};

export async function startCluster(databaseUrl: string, count = 2, env: Record<string, string> = {}): Promise<Cluster> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-cluster-'));
  const shared = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    ENCRYPTION_SECRET: randomBytes(32).toString('hex'),
    ADMIN_USERNAME: testAdmin.username,
    ADMIN_PASSWORD: testAdmin.password,
    ...env,
  };
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: repoRoot,
      env: shared,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const close = async () => {
    await Promise.all(children.map(stop));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const instances = await Promise.all(children.map(listening));
    return { instances, dataDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function listening(child: ChildProcess): Promise<Instance> {
  const logs: string[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    if (child.stdout === null) return reject(new Error('no stdout'));
    createInterface({ input: child.stdout }).on('line', (line) => {
      logs.push(line);
      const port = line.includes('"listening on ') ? /"port":(\d+)/.exec(line)?.[1] : undefined;
      if (port !== undefined) resolve({ baseUrl: `http://127.0.0.1:${port}`, child, logs });
    });
    const failed = (why: string) => new Error(`instance ${why} before listening:\n${logs.join('\n')}\n${stderr}`);
    child.once('exit', (code) => reject(failed(`exited with ${code}`)));
    setTimeout(() => reject(failed('took 90 s')), 90_000).unref();
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
