import { describe, expect, it, vi } from 'vitest';
import { CHUNK_UPLOAD_TIMEOUT_MS } from '@shared/limits';
import { createUploadApi } from './upload-api';
import { defaultEngineConfig } from './engine';
import type { TransferConnection } from './protocol';

const connection = (): TransferConnection => ({
  baseUrl: 'https://clip.test/api',
  credentials: { scheme: 'apikey', key: 'k1' },
});
const body = { file_id: 'file-1' };
const failed = (code: number, error: string, message: string) =>
  Response.json({ code, message, data: { error }, success: false }, { status: code });

describe('upload api', () => {
  it('posts JSON to the endpoint with the credentials and returns the parsed envelope data', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ code: 200, message: 'ok', data: { file_id: 'file-1', status: 'cancelled' }, success: true }),
    );
    const api = createUploadApi({ fetch, connection });
    expect(await api.cancel(body, new AbortController().signal)).toEqual({
      ok: true,
      data: { file_id: 'file-1', status: 'cancelled' },
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://clip.test/api/s3/cancel');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('ApiKey k1');
    expect(init?.body).toBe(JSON.stringify(body));
  });

  it('reports a response that does not match the schema as a bad response', async () => {
    const api = createUploadApi({
      fetch: async () => Response.json({ code: 200, message: 'ok', data: {}, success: true }),
      connection,
    });
    expect(await api.cancel(body, new AbortController().signal)).toMatchObject({ ok: false, kind: 'bad-response' });
  });

  it('keeps the kind, status and ErrorCode of an error envelope, and falls back for non-JSON errors', async () => {
    const conflict = createUploadApi({ fetch: async () => failed(409, 'SLUG_TAKEN', 'taken'), connection });
    expect(await conflict.cancel(body, new AbortController().signal)).toEqual({
      ok: false,
      kind: 'slug-taken',
      status: 409,
      errorCode: 'SLUG_TAKEN',
      message: 'taken',
    });
    const gateway = createUploadApi({ fetch: async () => new Response('Bad gateway', { status: 502 }), connection });
    expect(await gateway.cancel(body, new AbortController().signal)).toEqual({
      ok: false,
      kind: 'unavailable',
      status: 502,
      message: 'Bad gateway',
    });
  });

  it('keeps an expired credential’s ErrorCode, so the page can end the session', async () => {
    const api = createUploadApi({
      fetch: async () => failed(401, 'API_KEY_INVALID', 'API key invalid or expired'),
      connection,
    });
    expect(
      await api.presign({ filename: 'a.txt', mimetype: 'text/plain', size: 1 }, new AbortController().signal),
    ).toMatchObject({
      ok: false,
      kind: 'api-key-invalid',
      errorCode: 'API_KEY_INVALID',
      status: 401,
    });
  });

  it('sends no Authorization header without credentials, and refuses to call before configure', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => failed(401, 'UNAUTHORIZED', 'authentication required'));
    const anonymous = createUploadApi({ fetch, connection: () => ({ baseUrl: '/api', credentials: null }) });
    expect(await anonymous.cancel(body, new AbortController().signal)).toMatchObject({
      ok: false,
      kind: 'unauthorized',
      errorCode: 'UNAUTHORIZED',
    });
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
    const unconfigured = createUploadApi({ fetch, connection: () => null });
    expect(await unconfigured.cancel(body, new AbortController().signal)).toMatchObject({ ok: false, kind: 'network' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('tells a network failure from a cancelled request', async () => {
    const offline = createUploadApi({
      fetch: async () => Promise.reject(new TypeError('Failed to fetch')),
      connection,
    });
    expect(await offline.cancel(body, new AbortController().signal)).toMatchObject({ ok: false, kind: 'network' });

    const controller = new AbortController();
    const hanging = createUploadApi({
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
      connection,
    });
    const pending = hanging.cancel(body, controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, kind: 'cancelled' });
  });

  it('gives storage PUTs the chunk time-out of the upload link endpoint', () => {
    expect(defaultEngineConfig.partTimeoutMs).toBe(CHUNK_UPLOAD_TIMEOUT_MS);
  });
});
