import * as Comlink from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import type { Credentials } from '@shared/http/api-client';
import type { ExpiredCredential } from '@shared/http/failure';
import { memoryChannel } from '@tests/unit/support/memory-channel';
import type { TransferProgress } from './protocol';
import type { PutTransport } from './put-transport';
import { createTransferClient } from './transfer-client';
import { createWorkerEndpoint } from './worker-endpoint';

function envelope(data: unknown, code = 200): Response {
  return new Response(JSON.stringify({ code, message: 'ok', data, success: true }), {
    status: code,
    headers: { 'Content-Type': 'application/json' },
  });
}

function failed(code: number, error: string, message: string): Response {
  return Response.json({ code, message, data: { error }, success: false }, { status: code });
}

const admin: Credentials = { scheme: 'admin', token: 'tok-1' };

function start(fetch: typeof globalThis.fetch, credentials: Credentials | null = admin) {
  const transport: PutTransport = { put: vi.fn(async () => ({ status: 200, etag: '"e1"' })) };
  const [page, worker] = memoryChannel();
  Comlink.expose(createWorkerEndpoint({ fetch, transport, now: () => 0 }), worker);
  const expired: ExpiredCredential[] = [];
  const client = createTransferClient({
    baseUrl: () => '/api/',
    credentials: () => credentials,
    onAuthExpired: (credential) => expired.push(credential),
    endpoint: () => page,
  });
  return { client, transport, expired };
}

const commitData = {
  id: 'file-1',
  slug: 'abc123',
  filename: 'a.txt',
  storage_path: 'a.txt',
  s3_url: 'https://s3.test/a.txt',
  mimetype: 'text/plain',
  size: 3,
  remark: null,
  created_at: '2026-01-01 00:00:00',
  updated_at: '2026-01-01 00:00:00',
  hasPassword: false,
  expiresAt: null,
  maxViews: null,
  url: '/file/abc123',
};

describe('transfer client and worker endpoint', () => {
  it('uploads through the worker with the caller connection, and relays parsed progress', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
      const url = String(input);
      if (url === '/api/s3/presign') {
        return envelope({
          upload_url: 'https://s3.test/put',
          file_id: 'file-1',
          storage_path: 'a.txt',
          s3_url: 'https://s3.test/a.txt',
          slug: 'abc123',
          provider_type: 'AWS S3',
          contentType: 'text/plain',
        });
      }
      return envelope(commitData);
    });
    const { client } = start(fetch);
    const events: TransferProgress[] = [];
    const result = await client.upload(
      { id: 'u1', file: new Blob(['abc'], { type: 'text/plain' }), filename: 'a.txt' },
      (p) => events.push(p),
    );

    expect(result).toEqual({ ok: true, fileId: 'file-1', slug: 'abc123', etag: '"e1"', share: commitData });
    const [presignUrl, presignInit] = fetch.mock.calls[0] ?? [];
    expect(presignUrl).toBe('/api/s3/presign');
    expect(new Headers(presignInit?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(JSON.parse(String(presignInit?.body))).toEqual({ filename: 'a.txt', mimetype: 'text/plain', size: 3 });
    // The result waits until the last report was taken: the page never hears of the end first.
    expect(events.at(-1)).toMatchObject({ stage: 'completed', percent: 100 });
    client.terminate();
  });

  it('reports server error envelopes as typed failures', async () => {
    const { client, expired } = start(async () => failed(413, 'QUOTA_EXCEEDED', 'storage is full'));
    const result = await client.upload({ id: 'u2', file: new Blob(['abc']), filename: 'a.txt' });
    expect(result).toEqual({
      ok: false,
      code: 'quota',
      message: 'storage is full',
      retryable: false,
      status: 413,
      errorCode: 'QUOTA_EXCEEDED',
    });
    expect(expired).toEqual([]);
    client.terminate();
  });

  it('reports an expired admin session the worker met, like a refused page call', async () => {
    const { client, expired } = start(async () => failed(401, 'TOKEN_EXPIRED', 'token expired'));
    const result = await client.upload({ id: 'u3', file: new Blob(['abc']), filename: 'a.txt' });
    expect(result).toMatchObject({ ok: false, code: 'unauthorized', errorCode: 'TOKEN_EXPIRED', status: 401 });
    expect(expired).toEqual(['admin']);
    client.terminate();
  });

  it('reports an invalid API key, but only for the credentials the upload was sent with', async () => {
    const key: Credentials = { scheme: 'apikey', key: 'k-1' };
    const invalidKey = start(async () => failed(401, 'API_KEY_INVALID', 'API key invalid or expired'), key);
    await invalidKey.client.upload({ id: 'u4', file: new Blob(['abc']), filename: 'a.txt' });
    expect(invalidKey.expired).toEqual(['apikey']);
    invalidKey.client.terminate();

    const mismatched = start(async () => failed(401, 'TOKEN_EXPIRED', 'token expired'), key);
    await mismatched.client.upload({ id: 'u5', file: new Blob(['abc']), filename: 'a.txt' });
    expect(mismatched.expired).toEqual([]);
    mismatched.client.terminate();

    const anonymous = start(async () => failed(401, 'UNAUTHORIZED', 'authentication required'), null);
    expect(await anonymous.client.upload({ id: 'u6', file: new Blob(['abc']), filename: 'a.txt' })).toMatchObject({
      code: 'unauthorized',
    });
    expect(anonymous.expired).toEqual([]);
    anonymous.client.terminate();
  });

  it('reports a session that expired while part links were refreshed', async () => {
    const partSize = 5 * 1024 * 1024;
    const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
      const url = String(input);
      if (url === '/api/s3/multipart/init') {
        const presigned_urls = [1, 2].map((partNumber) => ({ partNumber, url: `https://s3.test/part/${partNumber}` }));
        return envelope(
          {
            file_id: 'file-9',
            upload_id: 'mp-9',
            storage_path: 'big.bin',
            slug: 'big',
            part_size: partSize,
            part_count: 2,
            presigned_urls,
          },
          201,
        );
      }
      if (url === '/api/s3/multipart/urls') return failed(401, 'TOKEN_EXPIRED', 'token expired');
      return envelope({ file_id: 'file-9', status: 'aborted' });
    });
    const transport: PutTransport = { put: vi.fn(async () => ({ status: 403, etag: null })) };
    const [page, worker] = memoryChannel();
    Comlink.expose(createWorkerEndpoint({ fetch, transport, now: () => 0, config: { singlePutMaxBytes: 1 } }), worker);
    const expired: ExpiredCredential[] = [];
    const client = createTransferClient({
      baseUrl: () => '/api',
      credentials: () => admin,
      onAuthExpired: (c) => expired.push(c),
      endpoint: () => page,
    });
    const result = await client.upload({
      id: 'u7',
      file: new Blob([new Uint8Array(partSize + 1)]),
      filename: 'big.bin',
    });
    expect(result).toMatchObject({ ok: false, code: 'unauthorized', errorCode: 'TOKEN_EXPIRED' });
    expect(expired).toEqual(['admin']);
    client.terminate();
  });

  it('rejects a malformed job at the worker boundary', async () => {
    const { client } = start(vi.fn<typeof globalThis.fetch>());
    const result = await client.upload({ id: '', file: new Blob(['abc']), filename: 'a.txt' });
    expect(result).toMatchObject({ ok: false, code: 'invalid-job', retryable: false });
    client.terminate();
  });

  it('cancel on an idle client is a no-op', async () => {
    const { client } = start(vi.fn<typeof globalThis.fetch>());
    expect(await client.cancel('nothing')).toBe(false);
  });

  it('uploads from a URL through the worker: /url/ calls, the proxy after a CORS failure, and the expired session reported', async () => {
    const calls: string[] = [];
    const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
      const url = String(input);
      calls.push(url);
      if (url.startsWith('https://')) throw new TypeError('Failed to fetch');
      if (url.startsWith('/api/url/proxy?')) return new Response('abc');
      if (url === '/api/url/multipart/init') {
        return envelope(
          {
            file_id: 'file-1',
            upload_id: 'mp-1',
            storage_path: 'a.txt',
            slug: 'abc123',
            part_size: 5 * 1024 * 1024,
            part_count: 1,
            presigned_urls: [{ partNumber: 1, url: 'https://s3.test/p1' }],
          },
          201,
        );
      }
      if (url === '/api/url/multipart/complete') return envelope({ file_id: 'file-1', etag: '"e1"' });
      if (url === '/api/url/commit') return failed(401, 'TOKEN_EXPIRED', 'admin session expired');
      return envelope({ file_id: 'file-1', status: url.endsWith('abort') ? 'aborted' : 'cancelled' });
    });
    const { client, transport, expired } = start(fetch);
    const result = await client.uploadFromUrl({
      id: 'u1',
      url: 'https://files.example/a.txt',
      filename: 'a.txt',
      mimetype: 'text/plain',
      size: 3,
    });
    expect(result).toMatchObject({ ok: false, code: 'unauthorized', errorCode: 'TOKEN_EXPIRED' });
    expect(expired).toEqual(['admin']);
    expect(transport.put).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([
      'https://files.example/a.txt',
      `/api/url/proxy?url=${encodeURIComponent('https://files.example/a.txt')}`,
      '/api/url/multipart/init',
      '/api/url/multipart/complete',
      '/api/url/commit',
      '/api/url/cancel',
    ]);
  });

  it('refuses an invalid URL job before anything is sent', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const { client } = start(fetch);
    expect(
      await client.uploadFromUrl({
        id: 'u2',
        url: 'ftp://files.example/a',
        filename: 'a',
        mimetype: 'text/plain',
        size: 3,
      }),
    ).toMatchObject({ ok: false, code: 'invalid-job' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a malformed copy or basket job in the one failure shape, like an upload', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const { client } = start(fetch);
    const refused = { ok: false, code: 'invalid-job', retryable: false };
    expect(await client.copyAcrossStorages({ id: 'c1', scope: 'admin', plan: [] })).toMatchObject(refused);
    const { port2 } = new MessageChannel();
    expect(
      await client.downloadBasket({
        id: 'b1',
        entries: [],
        reportName: 'errors.txt',
        sink: { kind: 'port', port: port2 },
      }),
    ).toMatchObject(refused);
    expect(fetch).not.toHaveBeenCalled();
    client.terminate();
  });

  it('keeps one list of running jobs for every kind: an id in use is refused, and cancel finds it', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { client } = start(fetch);
    const upload = client.upload({ id: 'same', file: new Blob(['abc']), filename: 'a.txt' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const fromUrl = { id: 'same', url: 'https://files.example/a', filename: 'a', mimetype: 'text/plain', size: 3 };
    expect(await client.uploadFromUrl(fromUrl)).toMatchObject({ ok: false, code: 'invalid-job' });
    expect(await client.cancel('same')).toBe(true);
    expect(await upload).toMatchObject({ ok: false, code: 'cancelled' });
    expect(await client.cancel('same')).toBe(false);
    client.terminate();
  });
});
