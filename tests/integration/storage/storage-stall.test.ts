// A storage that accepts connections and then stops answering: every call fails as a 502 naming
// the storage within STORAGE_TIMEOUT_SECONDS of silence (here 2), a WebDAV PUT included, and the
// storage client's own warnings become lines of the JSON log instead of plain text on the console.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminFsEndpoints } from '@shared/api/fs.endpoints';
import { createMount } from '@shared/api/mounts.endpoints';
import { createStorageConfig, updateStorageConfig } from '@shared/api/storage-config.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { mountViewSchema } from '@shared/api/mount.schema';
import { storageConfigSchema } from '@shared/api/storage-config.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { createTestBucket } from '@tests/integration/support/rgw';
import { adminBasic, dav } from '@tests/integration/webdav/dav-harness';
import { s3ConfigInput, startHarness, type Harness } from './storage-harness';

/** A TCP server that takes every connection and every byte, and never says a word. */
async function startSilentServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a storage that stops answering', () => {
  let h: Harness;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  const consoleCalls: unknown[][] = [];
  beforeAll(async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleCalls.push(args));
    silent = await startSilentServer();
    h = await startHarness('local', { env: { STORAGE_TIMEOUT_SECONDS: '2' } });
    const input = { ...s3ConfigInput(await createTestBucket('stall')), name: 'Stalled bucket' };
    const config = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(createStorageConfig, { body: input }),
      storageConfigSchema,
      201,
    );
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(createMount, {
        body: {
          name: 'Stalled',
          storage_type: 's3',
          storage_config_id: config.id,
          mount_path: '/stalled',
          cache_ttl: 0,
        },
      }),
      mountViewSchema,
      201,
    );
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateStorageConfig, {
        params: { id: config.id },
        body: { endpoint_url: silent.url },
      }),
      storageConfigSchema,
    );
  });
  afterAll(async () => {
    await h.close();
    await silent.close();
    vi.restoreAllMocks();
  });

  it('answers a WebDAV PUT and an explorer listing with a 502 naming the storage, in seconds', async () => {
    const started = Date.now();
    const put = await dav(h.server.baseUrl, 'PUT', '/dav/stalled/a.txt', adminBasic, {
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect([502, 504], put.text).toContain(put.status);
    expect(put.text).toContain('Stalled bucket');
    const list = await testApi(h.server.baseUrl, asAdmin(h.token)).send(adminFsEndpoints.list, {
      query: { path: '/stalled' },
    });
    expect(expectError(list, 502, ErrorCode.BadGateway).message).toContain('Stalled bucket');
    // Three attempts of 2 s of silence each, with the SDK's back-off, for each of the two requests.
    expect(Date.now() - started).toBeLessThan(25_000);
    expect(silent.connections()).toBeGreaterThan(0);
    expect(consoleCalls).toEqual([]);
  });
});
