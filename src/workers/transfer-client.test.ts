import type { Endpoint } from 'comlink';
import * as Comlink from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import type { TransferProgress } from './protocol';
import type { PutTransport } from './put-transport';
import { createTransferClient } from './transfer-client';
import { createWorkerEndpoint } from './worker-endpoint';

/** Two endpoints that pass messages by reference, standing in for the page and the worker. */
function memoryChannel(): [Endpoint, Endpoint] {
  type Listeners = Set<EventListenerOrEventListenerObject>;
  const listeners: [Listeners, Listeners] = [new Set(), new Set()];
  const side = (self: 0 | 1, other: 0 | 1): Endpoint => ({
    postMessage(message: unknown) {
      queueMicrotask(() => {
        const event = new MessageEvent('message', { data: message });
        for (const listener of listeners[other]) {
          if (typeof listener === 'function') listener(event);
          else listener.handleEvent(event);
        }
      });
    },
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => listeners[self].add(listener),
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => listeners[self].delete(listener),
  });
  return [side(0, 1), side(1, 0)];
}

function envelope(data: unknown, code = 200): Response {
  return new Response(JSON.stringify({ code, message: 'ok', data, success: true }), {
    status: code,
    headers: { 'Content-Type': 'application/json' },
  });
}

function start(fetch: typeof globalThis.fetch) {
  const transport: PutTransport = { put: vi.fn(async () => ({ status: 200, etag: '"e1"' })) };
  const [page, worker] = memoryChannel();
  Comlink.expose(createWorkerEndpoint({ fetch, transport, now: () => 0 }), worker);
  const client = createTransferClient({ baseUrl: '/api/', authorization: () => 'Bearer tok-1', endpoint: () => page });
  return { client, transport };
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
    const result = await client.upload({ id: 'u1', file: new Blob(['abc'], { type: 'text/plain' }), filename: 'a.txt' }, (p) =>
      events.push(p),
    );

    expect(result).toEqual({ ok: true, fileId: 'file-1', slug: 'abc123', etag: '"e1"', share: commitData });
    const [presignUrl, presignInit] = fetch.mock.calls[0] ?? [];
    expect(presignUrl).toBe('/api/s3/presign');
    expect(new Headers(presignInit?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(JSON.parse(String(presignInit?.body))).toEqual({ filename: 'a.txt', mimetype: 'text/plain', size: 3 });
    await vi.waitFor(() => expect(events.at(-1)).toMatchObject({ stage: 'completed', percent: 100 }));
    client.terminate();
  });

  it('reports server error envelopes as typed failures', async () => {
    const { client } = start(async () =>
      Response.json(
        { code: 413, message: 'storage is full', data: { error: 'QUOTA_EXCEEDED' }, success: false },
        { status: 413 },
      ),
    );
    const result = await client.upload({ id: 'u2', file: new Blob(['abc']), filename: 'a.txt' });
    expect(result).toEqual({ ok: false, code: 'quota', message: 'storage is full', retryable: false, status: 413 });
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
});
