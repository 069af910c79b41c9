import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@shared/api-error';
import { CHUNK_UPLOAD_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '@shared/limits';
import { createApiClient, type Credentials } from './api-client';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function errorBody(code: number, message: string, error: string, extra: object = {}) {
  return { code, message, success: false, data: { error, ...extra } };
}

function setup(response: () => Response | Promise<Response>, credentials: Credentials | null = null) {
  const calls: Call[] = [];
  const onAuthExpired = vi.fn();
  const api = createApiClient({
    fetch: async (input, init = {}) => {
      calls.push({ url: String(input), init });
      return response();
    },
    baseUrl: () => 'https://backend.test/api',
    getCredentials: () => credentials,
    onAuthExpired,
  });
  return { api, calls, onAuthExpired };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const admin: Credentials = { scheme: 'admin', token: 'tok' };
const apiKey: Credentials = { scheme: 'apikey', key: 'k-1' };
const item = z.object({ id: z.string() });

describe('api client: requests', () => {
  it('joins base URL, path and query, sends the session token and returns the parsed data', async () => {
    const { api, calls } = setup(() => json(200, { code: 200, message: 'ok', success: true, data: { id: 'a' } }), admin);
    const data = await api.request('/items', { schema: item, query: { page: 2, q: 'x y', skip: undefined } });
    expect(data).toEqual({ id: 'a' });
    expect(calls[0]?.url).toBe('https://backend.test/api/items?page=2&q=x+y');
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('uses the ApiKey scheme for API keys and no header without credentials', async () => {
    const keyed = setup(() => json(200, { code: 200, message: 'ok', success: true, data: { id: 'a' } }), apiKey);
    await keyed.api.request('/items', { schema: item });
    expect(new Headers(keyed.calls[0]?.init.headers).get('Authorization')).toBe('ApiKey k-1');

    const anonymous = setup(() => json(200, { code: 200, message: 'ok', success: true, data: { id: 'a' } }));
    await anonymous.api.request('/items', { schema: item });
    expect(new Headers(anonymous.calls[0]?.init.headers).has('Authorization')).toBe(false);
  });

  it('sends plain bodies as JSON and form data untouched', async () => {
    const { api, calls } = setup(() => json(201, { code: 201, message: 'created', success: true, data: { id: 'b' } }));
    await api.request('/items', { method: 'POST', body: { name: 'n' }, schema: item });
    expect(calls[0]?.init.body).toBe('{"name":"n"}');
    expect(new Headers(calls[0]?.init.headers).get('Content-Type')).toBe('application/json');

    const form = new FormData();
    form.set('file', new Blob(['x']), 'x.txt');
    await api.request('/upload', { method: 'POST', body: form, schema: item });
    expect(calls[1]?.init.body).toBe(form);
    expect(new Headers(calls[1]?.init.headers).has('Content-Type')).toBe(false);
  });

  it('adds extra headers without letting them replace the credentials', async () => {
    const { api, calls } = setup(() => json(201, { code: 201, message: 'created', success: true, data: { id: 'h' } }), admin);
    await api.request('/paste', {
      method: 'POST',
      body: { content: 'x' },
      schema: item,
      headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer forged' },
    });
    const sent = new Headers(calls[0]?.init.headers);
    expect(sent.get('Idempotency-Key')).toBe('key-1');
    expect(sent.get('Authorization')).toBe('Bearer tok');
    expect(sent.get('Content-Type')).toBe('application/json');
    expect(sent.get('Accept')).toBe('application/json');
  });

  it('accepts codes 200, 201 and 202 only', async () => {
    for (const code of [200, 201, 202]) {
      const { api } = setup(() => json(200, { code, message: 'ok', success: true, data: { id: 'c' } }));
      await expect(api.request('/items', { schema: item })).resolves.toEqual({ id: 'c' });
    }
    const { api } = setup(() => json(200, errorBody(400, 'name is required', 'VALIDATION_FAILED')));
    const error = await failure(api.request('/items', { schema: item }));
    expect(error).toMatchObject({ kind: 'validation', status: 400, serverMessage: 'name is required' });
  });

  it('reports a body that fails the schema, or is not JSON, as a bad response', async () => {
    const wrongShape = setup(() => json(200, { code: 200, message: 'ok', success: true, data: { id: 7 } }));
    expect(await failure(wrongShape.api.request('/items', { schema: item }))).toMatchObject({ kind: 'bad-response' });
    const notJson = setup(() => new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect(await failure(notJson.api.request('/items', { schema: item }))).toMatchObject({ kind: 'bad-response' });
  });
});

describe('api client: the 401 rules of spec §8', () => {
  const unauthorized = (message = 'nope') => () => json(401, errorBody(401, message, 'UNAUTHORIZED'));

  it('maps password verification to incorrect-password with the server message', async () => {
    const { api, onAuthExpired } = setup(unauthorized('wrong password'), admin);
    const error = await failure(api.request('/paste/abc', { method: 'POST', schema: item, purpose: 'password-verify' }));
    expect(error).toMatchObject({ kind: 'incorrect-password', serverMessage: 'wrong password' });
    expect(onAuthExpired).not.toHaveBeenCalled();
  });

  it('maps change-password to verification-failed without ending the session', async () => {
    const { api, onAuthExpired } = setup(unauthorized('current password is wrong'), admin);
    const error = await failure(api.request('/admin/change-password', { method: 'POST', schema: item, purpose: 'change-password' }));
    expect(error).toMatchObject({ kind: 'verification-failed', serverMessage: 'current password is wrong' });
    expect(onAuthExpired).not.toHaveBeenCalled();
  });

  it('ends an admin session rejected with a bearer token', async () => {
    const { api, onAuthExpired } = setup(unauthorized(), admin);
    expect(await failure(api.request('/admin/pastes', { schema: item }))).toMatchObject({ kind: 'admin-session-expired', status: 401 });
    expect(onAuthExpired).toHaveBeenCalledWith('admin');
  });

  it('leaves explicit credentials to the caller', async () => {
    const { api, onAuthExpired } = setup(unauthorized(), null);
    const error = await failure(api.request('/test/admin-token', { schema: item, credentials: admin }));
    expect(error.kind).toBe('admin-session-expired');
    expect(onAuthExpired).not.toHaveBeenCalled();
  });

  it('shows the server message for an API key refused on a file or upload path', async () => {
    for (const path of ['/upload', '/user/files/1', '/user/fs/list', '/s3/presign', '/url/info']) {
      const { api, onAuthExpired } = setup(unauthorized('file permission required'), apiKey);
      const error = await failure(api.request(path, { schema: item }));
      expect(error).toMatchObject({ kind: 'forbidden', serverMessage: 'file permission required' });
      expect(onAuthExpired).not.toHaveBeenCalled();
    }
  });

  it('ends an API key session on any other 401', async () => {
    const { api, onAuthExpired } = setup(unauthorized(), apiKey);
    expect(await failure(api.request('/user/pastes', { schema: item }))).toMatchObject({ kind: 'api-key-invalid' });
    expect(onAuthExpired).toHaveBeenCalledWith('apikey');

    const silent = setup(() => new Response('', { status: 401 }), apiKey);
    expect(await failure(silent.api.request('/upload', { schema: item }))).toMatchObject({ kind: 'api-key-invalid' });
    expect(silent.onAuthExpired).toHaveBeenCalledWith('apikey');
  });

  it('reports other 401s as unauthorized', async () => {
    const { api, onAuthExpired } = setup(() => json(401, errorBody(401, 'bad login', 'INVALID_CREDENTIALS')));
    const error = await failure(api.request('/admin/login', { method: 'POST', schema: item }));
    expect(error).toMatchObject({ kind: 'unauthorized', code: 'INVALID_CREDENTIALS', serverMessage: 'bad login' });
    expect(onAuthExpired).not.toHaveBeenCalled();
  });
});

describe('api client: other failures', () => {
  it('maps 409 to slug-taken, keeping the server message', async () => {
    const { api } = setup(() => json(409, errorBody(409, 'slug in use', 'SLUG_TAKEN')));
    expect(await failure(api.request('/paste', { method: 'POST', schema: item }))).toMatchObject({
      kind: 'slug-taken',
      status: 409,
      code: 'SLUG_TAKEN',
      serverMessage: 'slug in use',
    });
  });

  it('maps statuses to kinds and reads plain-text messages', async () => {
    const cases: [number, string][] = [
      [403, 'forbidden'],
      [404, 'not-found'],
      [410, 'gone'],
      [413, 'too-large'],
      [500, 'http'],
    ];
    for (const [status, kind] of cases) {
      const { api } = setup(() => new Response('server says no', { status, headers: { 'content-type': 'text/plain' } }));
      expect(await failure(api.request('/x', { schema: item }))).toMatchObject({ kind, status, serverMessage: 'server says no' });
    }
  });

  it('keeps validation issues and the retry delay', async () => {
    const invalid = setup(() =>
      json(400, errorBody(400, 'invalid', 'VALIDATION_FAILED', { issues: [{ path: 'slug', message: 'too long' }] })),
    );
    expect(await failure(invalid.api.request('/paste', { schema: item }))).toMatchObject({
      kind: 'validation',
      fields: [{ path: 'slug', message: 'too long' }],
    });
    const limited = setup(() => json(429, errorBody(429, 'slow down', 'RATE_LIMITED'), { 'retry-after': '42' }));
    expect(await failure(limited.api.request('/admin/login', { schema: item }))).toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 42,
    });
  });

  it('reports a failed fetch as a network error', async () => {
    const { api } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failure(api.request('/x', { schema: item }))).toMatchObject({ kind: 'network' });
  });
});

describe('api client: time-outs and cancellation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function hanging() {
    const api = createApiClient({
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
      baseUrl: () => '/api',
      getCredentials: () => null,
      onAuthExpired: () => undefined,
    });
    return api;
  }

  it('times out after REQUEST_TIMEOUT_MS by default', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const result = failure(hanging().request('/x', { schema: item })).then((e) => {
      settled();
      return e;
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ kind: 'timeout' });
  });

  it('allows a longer time-out for chunk uploads', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const result = failure(hanging().request('/part', { schema: item, timeoutMs: CHUNK_UPLOAD_TIMEOUT_MS })).then((e) => {
      settled();
      return e;
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CHUNK_UPLOAD_TIMEOUT_MS - REQUEST_TIMEOUT_MS);
    expect(await result).toMatchObject({ kind: 'timeout' });
  });

  it('reports a caller abort as cancelled', async () => {
    const controller = new AbortController();
    const result = failure(hanging().request('/x', { schema: item, signal: controller.signal }));
    controller.abort();
    expect(await result).toMatchObject({ kind: 'cancelled' });

    const already = new AbortController();
    already.abort();
    expect(await failure(hanging().request('/x', { schema: item, signal: already.signal }))).toMatchObject({ kind: 'cancelled' });
  });
});
