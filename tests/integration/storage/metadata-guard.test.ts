// The server never reaches a cloud metadata address through a storage config, and its own
// presigned-upload probe goes to its listening socket, whatever Host header the request carried.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageTestResultSchema } from '@shared/api/storage-config.schema';
import { ErrorCode } from '@shared/errors';
import { assertNotMetadataUrl, guardedLookup } from '@server/storage/guarded-lookup';
import { call, expectError, expectOk } from '../support/http';
import { createTestBucket } from '../support/rgw';
import { s3ConfigInput, startHarness, type Harness } from './storage-harness';

function lookupOf(hostname: string): Promise<{ error: NodeJS.ErrnoException | null; address: unknown }> {
  return new Promise((resolve) => guardedLookup(hostname, {}, (error, address) => resolve({ error, address })));
}

describe('metadata addresses', () => {
  it('refuses them when resolving, and lets loopback and private addresses through', async () => {
    expect((await lookupOf('169.254.169.254')).error?.code).toBe('EADDRNOTAVAIL');
    expect(await lookupOf('127.0.0.1')).toEqual({ error: null, address: '127.0.0.1' });
    await expect(assertNotMetadataUrl(new URL('http://169.254.169.254/latest/'))).rejects.toThrow(/metadata/);
    await expect(assertNotMetadataUrl(new URL('http://127.0.0.1:9000/bucket'))).resolves.toBeUndefined();
  });
});

describe('storage config requests', () => {
  let h: Harness;
  let listener: Server;
  let hits = 0;
  beforeAll(async () => {
    h = await startHarness('local');
    listener = createServer((_req, res) => {
      hits += 1;
      res.end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await h.close();
  });

  it('refuses an endpoint on a metadata address with 400 naming endpoint_url', async () => {
    const input = { ...s3ConfigInput(await createTestBucket('meta')), endpoint_url: 'http://169.254.169.254' };
    const error = expectError(await call(h.server.baseUrl, 'POST', '/api/s3-configs', { token: h.token, json: input }), 400, ErrorCode.ValidationFailed);
    expect(error.message).toContain('endpoint_url');
  });

  it('sends the presigned probe to its own socket, not to the Host header', async () => {
    const { port } = listener.address() as AddressInfo;
    const server = new URL(h.server.baseUrl);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: server.hostname, port: server.port, method: 'POST', path: `/api/s3-configs/${h.configId}/test`, headers: { host: `127.0.0.1:${port}`, authorization: `Bearer ${h.token}` } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    const data = expectOk({ status: answer.status, headers: new Headers(), text: answer.body, body: JSON.parse(answer.body) }, storageTestResultSchema);
    expect(data.results.presigned, JSON.stringify(data.results)).toMatchObject({ ok: true });
    expect(hits).toBe(0);
  });
});
