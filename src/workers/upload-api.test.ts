import { describe, expect, it, vi } from 'vitest';
import { createUploadApi } from './upload-api';

const connection = () => ({ baseUrl: 'https://clip.test/api', authorization: 'ApiKey k1' });
const body = { file_id: 'file-1' };

describe('upload api', () => {
  it('posts JSON with the Authorization header and returns the parsed envelope data', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ code: 200, message: 'ok', data: { file_id: 'file-1', status: 'cancelled' }, success: true }),
    );
    const api = createUploadApi({ fetch, connection });
    expect(await api.cancel(body, new AbortController().signal)).toEqual({ ok: true, data: { file_id: 'file-1', status: 'cancelled' } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://clip.test/api/s3/cancel');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('ApiKey k1');
    expect(init?.body).toBe(JSON.stringify(body));
  });

  it('reports a response that does not match the schema as a bad response', async () => {
    const api = createUploadApi({ fetch: async () => Response.json({ code: 200, message: 'ok', data: {}, success: true }), connection });
    expect(await api.cancel(body, new AbortController().signal)).toMatchObject({ ok: false, kind: 'bad-response' });
  });

  it('keeps the status and error code of an error envelope, and falls back for non-JSON errors', async () => {
    const conflict = createUploadApi({
      fetch: async () => Response.json({ code: 409, message: 'taken', data: { error: 'SLUG_TAKEN' }, success: false }, { status: 409 }),
      connection,
    });
    expect(await conflict.cancel(body, new AbortController().signal)).toEqual({
      ok: false,
      kind: 'http',
      status: 409,
      errorCode: 'SLUG_TAKEN',
      message: 'taken',
    });
    const gateway = createUploadApi({ fetch: async () => new Response('Bad gateway', { status: 502 }), connection });
    expect(await gateway.cancel(body, new AbortController().signal)).toEqual({ ok: false, kind: 'http', status: 502, message: 'HTTP error 502' });
  });

  it('tells a network failure from a cancelled request', async () => {
    const offline = createUploadApi({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')), connection });
    expect(await offline.cancel(body, new AbortController().signal)).toMatchObject({ ok: false, kind: 'network' });

    const controller = new AbortController();
    const hanging = createUploadApi({
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      connection,
    });
    const pending = hanging.cancel(body, controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, kind: 'cancelled' });
  });
});
