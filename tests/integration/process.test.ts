import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { getHealth } from '@shared/api/system.endpoints';
import { testApi } from '@tests/integration/support/api';
import { healthSchema } from '@shared/api/system.schema';
import { expectOk } from './support/http';

const repoRoot = join(import.meta.dirname, '..', '..');

function startProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    if (child.stdout === null) return reject(new Error('no stdout'));
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (pattern.test(line)) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before logging ${pattern}`)));
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

describe('the server process', () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it('starts, serves, and exits 0 on SIGTERM', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'clipdock-proc-'));
    const child = startProcess({ DATA_DIR: dataDir, PORT: '0', ADMIN_PASSWORD: 'process test password' });
    const exited = exitOf(child);
    const listening = await waitForLine(child, /listening on/);
    const port = /"port":(\d+)/.exec(listening)?.[1];
    expectOk(await testApi(`http://127.0.0.1:${port}`).send(getHealth, {}), healthSchema);
    child.kill('SIGTERM');
    const { code } = await exited;
    expect(code).toBe(0);
  });

  it('prints the generated admin password even when logging is silenced', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'clipdock-proc-'));
    const child = startProcess({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
    const exited = exitOf(child);
    await new Promise<void>((resolve) =>
      child.stderr?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('password: ')) resolve();
      }),
    );
    child.kill('SIGTERM');
    const { code, stderr } = await exited;
    expect(code).toBe(0);
    expect(stderr).toMatch(/^ {2}password: [A-Za-z0-9]{20}$/m);
  });

  it('exits 1 naming the variable when the environment is bad', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'clipdock-proc-'));
    const { code, stderr } = await exitOf(
      startProcess({ DATA_DIR: dataDir, PORT: 'eighty', ENCRYPTION_SECRET: 'changeme' }),
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(/PORT must be a port number/);
    expect(stderr).toMatch(/ENCRYPTION_SECRET is a known default value/);
  });
});
