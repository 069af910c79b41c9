// The server never reaches a cloud metadata or link-local address through a storage config,
// however the address is spelled and whether it is a name or an IP literal; and its own
// presigned-upload probe goes to its listening socket, whatever Host header the request carried.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageConfig, testStorageConfig, updateStorageConfig } from '@shared/api/storage-config.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { storageConfigSchema, storageTestResultSchema } from '@shared/api/storage-config.schema';
import { ErrorCode } from '@shared/errors';
import { guardedLookup, storagePolicy } from '@server/lib/net/address-guard';
import { guardedRequest } from '@server/lib/net/guarded-request';
import { expectError, expectOk } from '@tests/integration/support/http';
import { refusedSpellings } from '@tests/integration/support/refused-spellings';
import { createTestBucket } from '@tests/integration/support/rgw';
import { everyDocumentedMetadataHost } from '@tests/unit/cloud-metadata-cases';
import { s3ConfigInput, startHarness, type Harness } from './storage-harness';

const lookup = guardedLookup(storagePolicy);
function lookupOf(hostname: string): Promise<{ error: NodeJS.ErrnoException | null; address: unknown }> {
  return new Promise((resolve) => lookup(hostname, {}, (error, address) => resolve({ error, address })));
}

/**
 * 169.254.169.254 and Azure's WireServer spelled every way a URL can carry them, every cloud's
 * documented metadata address and name, and a link-local address.
 */
const metadataUrls = [
  ...new Set([
    ...refusedSpellings['169.254.169.254'],
    ...refusedSpellings['168.63.129.16'],
    ...everyDocumentedMetadataHost,
    '[fe80::1]',
  ]),
].map((host) => `http://${host}`);

/** Storage may sit beside the app: these spellings of 127.0.0.1, 10.0.0.1 and ::1 stay allowed. */
const besideTheApp = [
  ...refusedSpellings['127.0.0.1'],
  ...refusedSpellings['10.0.0.1'],
  ...refusedSpellings['::1'],
].map((host) => `http://${host}:7480`);

describe('the storage address guard', () => {
  it('refuses metadata and link-local addresses when resolving, and lets loopback and private ones through', async () => {
    expect((await lookupOf('169.254.169.254')).error?.code).toBe('EADDRNOTAVAIL');
    expect((await lookupOf('::ffff:a9fe:a9fe')).error?.code).toBe('EADDRNOTAVAIL');
    expect((await lookupOf('metadata.google.internal')).error?.code).toBe('EADDRNOTAVAIL');
    expect(await lookupOf('127.0.0.1')).toEqual({ error: null, address: '127.0.0.1' });
  });

  it.each([
    'http://169.254.169.254/latest/',
    'http://[::ffff:169.254.169.254]/latest/',
    'http://[64:ff9b::a9fe:a9fe]/',
  ])('refuses a literal %s at connect time, before any packet is sent', async (url) => {
    await expect(guardedRequest(new URL(url), { method: 'GET', timeoutMs: 60_000 }, storagePolicy)).rejects.toThrow(
      /refused to connect/,
    );
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

  it.each(metadataUrls)('refuses %s as endpoint_url or custom_host, on create and on update', async (url) => {
    const input = s3ConfigInput(await createTestBucket('meta'));
    for (const field of ['endpoint_url', 'custom_host'] as const) {
      const created = await testApi(h.server.baseUrl, asAdmin(h.token)).send(createStorageConfig, {
        body: { ...input, [field]: url },
      });
      expect(expectError(created, 400, ErrorCode.ValidationFailed).message).toContain(field);
    }
    const config = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(createStorageConfig, { body: input }),
      storageConfigSchema,
      201,
    );
    for (const field of ['endpoint_url', 'custom_host'] as const) {
      const updated = await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateStorageConfig, {
        params: { id: config.id },
        body: { [field]: url },
      });
      expect(expectError(updated, 400, ErrorCode.ValidationFailed).message).toContain(field);
    }
  });

  it.each(besideTheApp)('accepts %s as endpoint_url (a gateway beside the app)', async (url) => {
    const input = { ...s3ConfigInput('beside-the-app'), endpoint_url: url, is_public: false };
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(createStorageConfig, { body: input }),
      storageConfigSchema,
      201,
    );
  });

  it.each(metadataUrls.filter((url) => url.includes('[') || /\d$/.test(url)))(
    'a config stored with %s is refused when the test connects, not sent anywhere',
    async (endpoint) => {
      const config = expectOk(
        await testApi(h.server.baseUrl, asAdmin(h.token)).send(createStorageConfig, {
          body: s3ConfigInput(await createTestBucket('meta')),
        }),
        storageConfigSchema,
        201,
      );
      await h.server.db
        .updateTable('storage_configs')
        .set({ endpoint_url: endpoint, updated_at: new Date().toISOString() })
        .where('id', '=', config.id)
        .execute();
      const result = expectOk(
        await testApi(h.server.baseUrl, asAdmin(h.token)).send(testStorageConfig, { params: { id: config.id } }),
        storageTestResultSchema,
      );
      expect(result.success).toBe(false);
      expect(result.results.read).toMatchObject({
        ok: false,
        outcome: 'failed',
        params: { error: expect.stringMatching(/refused to connect/) },
      });
      expect(result.results.read.message).toMatch(/refused to connect/);
      expect(result.results.write.message).toMatch(/refused to connect/);
    },
  );

  it('sends the presigned probe to its own socket, not to the Host header', async () => {
    const { port } = listener.address() as AddressInfo;
    const server = new URL(h.server.baseUrl);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: server.hostname,
          port: server.port,
          method: 'POST',
          path: `/api/s3-configs/${h.configId}/test`, // raw: a Host header fetch will not send
          headers: { host: `127.0.0.1:${port}`, authorization: `Bearer ${h.token}` },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    const data = expectOk(
      { status: answer.status, headers: new Headers(), text: answer.body, body: JSON.parse(answer.body) },
      storageTestResultSchema,
    );
    expect(data.results.presigned, JSON.stringify(data.results)).toMatchObject({ ok: true });
    expect(hits).toBe(0);
  });
});
