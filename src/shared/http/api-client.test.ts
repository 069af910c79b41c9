import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@shared/api-error';
import { ErrorCode } from '@shared/errors';
import { CHUNK_UPLOAD_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '@shared/limits';
import { createApiClient, type Credentials } from './api-client';
import { defineEndpoint } from './endpoint';

type Call = { url: string; init: RequestInit };

const item = z.object({ id: z.string() });
const getItem = defineEndpoint({
  id: 'test.get',
  method: 'GET',
  path: '/items/:id',
  summary: 'one item',
  tag: 'test',
  access: 'admin',
  params: z.object({ id: z.string() }),
  query: z.object({ full: z.boolean().optional(), page: z.number().optional() }),
  reply: item,
  errors: [],
});
const putItem = defineEndpoint({ ...getItem, id: 'test.put', method: 'PUT', body: item, query: undefined });
const upload = defineEndpoint({
  id: 'test.upload',
  method: 'POST',
  path: '/upload',
  summary: 'a form',
  tag: 'test',
  access: 'file',
  body: { kind: 'form', contentType: 'multipart/form-data', description: 'a form' },
  reply: item,
  errors: [],
});
const part = defineEndpoint({
  id: 'test.part',
  method: 'PUT',
  path: '/part',
  summary: 'a chunk',
  tag: 'test',
  access: 'signed',
  body: { kind: 'binary', contentType: 'application/octet-stream', description: 'bytes' },
  reply: item,
  errors: [],
  timeout: 'chunk',
});

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
    baseUrl: () => 'https://backend.test/api/',
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
const ok =
  (data: unknown = { id: 'a' }, code = 200) =>
  () =>
    json(code, { code, message: 'ok', success: true, data });
const headerOf = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);

describe('api client: requests from endpoint definitions', () => {
  it('fills path parameters, adds the query, sends the session token and returns the parsed reply', async () => {
    const { api, calls } = setup(ok(), admin);
    expect(await api.call(getItem, { params: { id: 'a b/c' }, query: { full: true, page: undefined } })).toEqual({
      id: 'a',
    });
    expect(calls[0]?.url).toBe('https://backend.test/api/items/a%20b%2Fc?full=true');
    expect(calls[0]?.init.method).toBe('GET');
    expect(headerOf(calls[0], 'authorization')).toBe('Bearer tok');
    expect(api.url(getItem, { params: { id: 'x' } })).toBe('https://backend.test/api/items/x');
  });

  it('uses the ApiKey scheme for API keys and no header without credentials', async () => {
    const keyed = setup(ok(), apiKey);
    await keyed.api.call(getItem, { params: { id: 'a' } });
    expect(headerOf(keyed.calls[0], 'authorization')).toBe('ApiKey k-1');
    const anonymous = setup(ok(), null);
    await anonymous.api.call(getItem, { params: { id: 'a' } });
    expect(headerOf(anonymous.calls[0], 'authorization')).toBeNull();
  });

  it('sends JSON bodies as JSON, forms untouched and binary bodies with their content type', async () => {
    const { api, calls } = setup(ok());
    await api.call(putItem, { params: { id: 'a' }, body: { id: 'b' } });
    expect(calls[0]?.init.body).toBe('{"id":"b"}');
    expect(headerOf(calls[0], 'content-type')).toBe('application/json');
    const form = new FormData();
    await api.call(upload, { body: form });
    expect(calls[1]?.init.body).toBe(form);
    expect(headerOf(calls[1], 'content-type')).toBeNull();
    await api.call(part, { body: new Blob(['x']) });
    expect(headerOf(calls[2], 'content-type')).toBe('application/octet-stream');
  });

  it('adds extra headers without letting them replace the credentials', async () => {
    const { api, calls } = setup(ok(), admin);
    await api.call(getItem, {
      params: { id: 'a' },
      headers: { 'Idempotency-Key': 'k1', Authorization: 'Bearer other' },
    });
    expect(headerOf(calls[0], 'idempotency-key')).toBe('k1');
    expect(headerOf(calls[0], 'authorization')).toBe('Bearer tok');
  });

  it('accepts codes 200, 201 and 202 only, and a reply that fails the schema is a bad response', async () => {
    expect(await setup(ok({ id: 'c' }, 201)).api.call(getItem, { params: { id: 'a' } })).toEqual({ id: 'c' });
    const other = setup(() => json(200, { code: 204, message: 'odd', success: true, data: { id: 'a' } }));
    expect(await failure(other.api.call(getItem, { params: { id: 'a' } }))).toMatchObject({ kind: 'http' });
    const wrongShape = setup(ok({ id: 7 }));
    expect(await failure(wrongShape.api.call(getItem, { params: { id: 'a' } }))).toMatchObject({
      kind: 'bad-response',
    });
    const notJson = setup(() => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect(await failure(notJson.api.call(getItem, { params: { id: 'a' } }))).toMatchObject({ kind: 'bad-response' });
  });
});

describe('api client: failures decided by the error code', () => {
  const refusedWith =
    (status: number, code: string, message = 'refused') =>
    () =>
      json(status, errorBody(status, message, code));

  it.each([
    [401, ErrorCode.WrongPassword, 'incorrect-password'],
    [401, ErrorCode.InvalidCredentials, 'invalid-credentials'],
    [409, ErrorCode.SlugTaken, 'slug-taken'],
    [409, ErrorCode.Conflict, 'conflict'],
    [404, ErrorCode.NotFound, 'not-found'],
    [410, ErrorCode.Gone, 'gone'],
    [403, ErrorCode.Forbidden, 'forbidden'],
    [413, ErrorCode.QuotaExceeded, 'quota'],
    [413, ErrorCode.PayloadTooLarge, 'too-large'],
    [502, ErrorCode.BadGateway, 'unavailable'],
    [500, ErrorCode.Internal, 'server-error'],
  ])('HTTP %i with %s is %s, keeping the server message', async (status, code, kind) => {
    const { api, onAuthExpired } = setup(refusedWith(status, code, 'from the server'), admin);
    expect(await failure(api.call(getItem, { params: { id: 'a' } }))).toMatchObject({
      kind,
      code,
      status,
      serverMessage: 'from the server',
    });
    expect(onAuthExpired).not.toHaveBeenCalled();
  });

  it('ends the session whose credential the server refused, and only that one', async () => {
    const expiredAdmin = setup(refusedWith(401, ErrorCode.TokenExpired), admin);
    expect(await failure(expiredAdmin.api.call(getItem, { params: { id: 'a' } }))).toMatchObject({
      kind: 'admin-session-expired',
    });
    expect(expiredAdmin.onAuthExpired).toHaveBeenCalledWith('admin');

    const invalidKey = setup(refusedWith(401, ErrorCode.ApiKeyInvalid), apiKey);
    expect(await failure(invalidKey.api.call(getItem, { params: { id: 'a' } }))).toMatchObject({
      kind: 'api-key-invalid',
    });
    expect(invalidKey.onAuthExpired).toHaveBeenCalledWith('apikey');

    const wrongScheme = setup(refusedWith(401, ErrorCode.ApiKeyInvalid), admin);
    await failure(wrongScheme.api.call(getItem, { params: { id: 'a' } }));
    expect(wrongScheme.onAuthExpired).not.toHaveBeenCalled();
  });

  it('leaves explicit credentials to the caller', async () => {
    const { api, onAuthExpired } = setup(refusedWith(401, ErrorCode.TokenExpired), null);
    expect(await failure(api.call(getItem, { params: { id: 'a' }, credentials: admin }))).toMatchObject({
      kind: 'admin-session-expired',
    });
    expect(onAuthExpired).not.toHaveBeenCalled();
  });

  it('decides by the code, not the status: a 401 that is a wrong password ends no session', async () => {
    const { api, onAuthExpired } = setup(refusedWith(401, ErrorCode.WrongPassword), apiKey);
    await failure(api.call(upload, { body: new FormData() }));
    expect(onAuthExpired).not.toHaveBeenCalled();
  });

  it('keeps validation issues and the retry delay', async () => {
    const issues = [{ path: 'slug', message: 'too long' }];
    const invalid = setup(() => json(400, errorBody(400, 'slug: too long', ErrorCode.ValidationFailed, { issues })));
    expect(await failure(invalid.api.call(getItem, { params: { id: 'a' } }))).toMatchObject({
      kind: 'validation',
      fields: issues,
    });
    const limited = setup(() => json(429, errorBody(429, 'slow down', ErrorCode.RateLimited), { 'retry-after': '30' }));
    expect(await failure(limited.api.call(getItem, { params: { id: 'a' } }))).toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 30,
    });
  });

  it('falls back to the status only for a reply without an envelope, reading a short plain-text message', async () => {
    const proxy = setup(() => new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain' } }));
    expect(await failure(proxy.api.call(getItem, { params: { id: 'a' } }))).toMatchObject({
      kind: 'unavailable',
      status: 502,
      serverMessage: 'Bad Gateway',
    });
    const teapot = setup(() => new Response('', { status: 418 }));
    expect(await failure(teapot.api.call(getItem, { params: { id: 'a' } }))).toMatchObject({
      kind: 'http',
      status: 418,
    });
  });

  it('reports a failed fetch as a network error', async () => {
    const { api } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failure(api.call(getItem, { params: { id: 'a' } }))).toMatchObject({ kind: 'network' });
  });
});

describe('api client: time-outs and cancellation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function hanging() {
    return createApiClient({
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
      baseUrl: () => '/api',
      getCredentials: () => null,
      onAuthExpired: () => undefined,
    });
  }

  async function settlesAt(promise: Promise<ApiError>, ms: number): Promise<ApiError> {
    const settled = vi.fn();
    const result = promise.then((e) => {
      settled();
      return e;
    });
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    return result;
  }

  it('times out after REQUEST_TIMEOUT_MS by default', async () => {
    vi.useFakeTimers();
    expect(
      await settlesAt(failure(hanging().call(getItem, { params: { id: 'a' } })), REQUEST_TIMEOUT_MS),
    ).toMatchObject({ kind: 'timeout' });
  });

  it('gives a chunk endpoint the long time-out', async () => {
    vi.useFakeTimers();
    expect(
      await settlesAt(failure(hanging().call(part, { body: new Blob(['x']) })), CHUNK_UPLOAD_TIMEOUT_MS),
    ).toMatchObject({ kind: 'timeout' });
  });

  it('reports a caller abort as cancelled', async () => {
    const controller = new AbortController();
    const result = failure(hanging().call(getItem, { params: { id: 'a' }, signal: controller.signal }));
    controller.abort();
    expect(await result).toMatchObject({ kind: 'cancelled' });

    const already = new AbortController();
    already.abort();
    expect(await failure(hanging().call(getItem, { params: { id: 'a' }, signal: already.signal }))).toMatchObject({
      kind: 'cancelled',
    });
  });
});
