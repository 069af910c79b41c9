// The offline queue's promise when the worst happens: the server commits a change and
// dies before its reply leaves. A proxy in front kills the server process the moment the reply's
// first byte appears and drops the connection; the client retries with the same key against the
// restarted server and finds exactly one change.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { adminPasteEndpoints, createPaste, listAdminPastes } from '@shared/api/paste.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { adminPasteListSchema, deletedCountSchema, pasteCreateResultSchema } from '@shared/api/paste.schema';
import { login } from '@tests/integration/support/auth-helpers';
import { expectError, expectOk } from '@tests/integration/support/http';
import { testAdmin } from '@tests/integration/support/test-server';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

type Running = { child: ChildProcess; port: number; exited: Promise<void> };

async function startProcess(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      ADMIN_USERNAME: testAdmin.username,
      ADMIN_PASSWORD: testAdmin.password,
    },
    stdio: ['ignore', 'pipe', 'inherit'] as const,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const found = /"port":(\d+)/.exec(line);
      if (line.includes('listening on') && found?.[1] !== undefined) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  return { child, port, exited };
}

/** Forwards to the current server; when `armed`, kills it at the first reply byte and drops the client. */
function killingProxy(target: () => Running): { server: Server; ready: Promise<number>; arm(): Promise<void> } {
  let armed: (() => void) | undefined;
  const server = createServer((client) => {
    const running = target();
    const upstream = createConnection({ host: 'localhost', port: running.port });
    client.pipe(upstream);
    upstream.on('data', (chunk) => {
      if (armed !== undefined) {
        const done = armed;
        armed = undefined;
        running.child.kill('SIGKILL');
        client.destroy();
        upstream.destroy();
        void running.exited.then(done);
        return;
      }
      client.write(chunk);
    });
    upstream.on('end', () => client.end());
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const ready = new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    }),
  );
  return { server, ready, arm: () => new Promise<void>((resolve) => (armed = resolve)) };
}

describe('a server killed between a change and its reply', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const clean of cleanups.splice(0).reverse()) await clean();
  });

  it('keeps the change and its record together, so the retry finds one paste and one deletion', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'clipdock-kill-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let running = await startProcess(dataDir);
    cleanups.push(async () => {
      running.child.kill('SIGKILL');
      await running.exited;
    });
    const proxy = killingProxy(() => running);
    cleanups.push(() => new Promise<void>((resolve) => proxy.server.close(() => resolve())));
    const base = `http://127.0.0.1:${await proxy.ready}`;
    const { token } = await login(base);

    const content = `survives the crash ${randomUUID()}`;
    const key = randomUUID();
    const create = () =>
      testApi(base, asAdmin(token)).send(createPaste, { body: { content }, headers: { 'idempotency-key': key } });

    const killed = proxy.arm();
    await expect(create()).rejects.toThrow();
    await killed;
    running = await startProcess(dataDir);

    const created = expectOk(await create(), pasteCreateResultSchema, 201);
    const list = expectOk(
      await testApi(base, asAdmin(token)).send(listAdminPastes, { query: { limit: '100' } }),
      adminPasteListSchema,
    );
    expect(
      list.items.filter((item) => item.contentPreview.startsWith('survives the crash') && item.id === created.id),
    ).toHaveLength(1);
    expect(list.items.filter((item) => item.contentPreview.startsWith('survives the crash'))).toHaveLength(1);

    const deleteKey = randomUUID();
    const remove = () =>
      testApi(base, asAdmin(token)).send(adminPasteEndpoints.remove, {
        params: { id: created.id },
        headers: { 'idempotency-key': deleteKey },
      });
    const killedAgain = proxy.arm();
    await expect(remove()).rejects.toThrow();
    await killedAgain;
    running = await startProcess(dataDir);
    expect(expectOk(await remove(), deletedCountSchema)).toEqual({ deleted: 1 });
    expectError(
      await testApi(base, asAdmin(token)).send(adminPasteEndpoints.get, { params: { id: created.id } }),
      404,
      'NOT_FOUND',
    );
  }, 180_000);
});
