import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASTE_MAX_BYTES, pasteCreateResultSchema } from '@shared/api/paste.schema';
import { ErrorCode } from '@shared/errors';
import { insertApiKey, login } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { createPaste, pasteCount, postPaste, setGuestPastes, viewPaste } from './paste-helpers';

describe('POST /api/paste', () => {
  let server: TestServer;
  let token: string;
  beforeEach(async () => {
    server = await startTestServer();
    token = (await login(server.baseUrl)).token;
  });
  afterEach(() => server.close());

  const post = (json: unknown, headers: Record<string, string> = {}) =>
    postPaste(server.baseUrl, json, { token, headers });

  it('creates a paste with a generated 8-character slug and answers 201', async () => {
    const created = await createPaste(server.baseUrl, { content: 'hello', remark: 'note', maxViews: 0 }, { token });
    expect(created.slug).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(created).toMatchObject({
      url: `${server.baseUrl}/paste/${created.slug}`,
      maxViews: null,
      expiresAt: null,
      hasPassword: false,
    });
    const row = await server.db.selectFrom('pastes').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.created_by).toMatch(/^admin:/);
    expect(row.content).toBe('hello');
  });

  it('stores a custom slug, an expiry in UTC and a hashed password that is never returned', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString().replace('Z', '+00:00');
    const result = await post({ content: 'x', slug: 'my_note-1', password: 'secret', expiresAt, maxViews: 3 });
    const created = expectOk(result, pasteCreateResultSchema, 201);
    expect(created).toMatchObject({
      slug: 'my_note-1',
      hasPassword: true,
      maxViews: 3,
      expiresAt: new Date(expiresAt).toISOString(),
    });
    expect(result.text).not.toContain('secret');
    const row = await server.db
      .selectFrom('pastes')
      .select('password_hash')
      .where('slug', '=', 'my_note-1')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['bad slug characters', { content: 'x', slug: 'a b' }, 'slug'],
    ['a slug longer than 50', { content: 'x', slug: 'a'.repeat(51) }, 'slug'],
    ['a reserved slug', { content: 'x', slug: 'Admin' }, 'slug'],
    ['a reserved route slug', { content: 'x', slug: 'mount-explorer' }, 'slug'],
    ['a negative maxViews', { content: 'x', maxViews: -1 }, 'maxViews'],
    ['a fractional maxViews', { content: 'x', maxViews: 1.5 }, 'maxViews'],
    ['a non-ISO expiresAt', { content: 'x', expiresAt: 'tomorrow' }, 'expiresAt'],
    ['a past expiresAt', { content: 'x', expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
    ['an expiresAt after 9999-12-31T23:59:59Z', { content: 'x', expiresAt: '+010000-01-01T00:00:00Z' }, 'expiresAt'],
    [
      'an expiresAt pushed past 9999 by its offset',
      { content: 'x', expiresAt: '9999-12-31T23:59:59-01:00' },
      'expiresAt',
    ],
    ['empty content', { content: '' }, 'content'],
    ['blank content', { content: '  \n' }, 'content'],
    ['missing content', { remark: 'r' }, 'content'],
  ])('refuses %s with 400 naming the field', async (_name, body, field) => {
    const error = expectError(await post(body), 400, ErrorCode.ValidationFailed);
    expect(error.data.issues?.map((issue) => issue.path)).toContain(field);
  });

  it('answers 409 SLUG_TAKEN for a slug in use', async () => {
    await createPaste(server.baseUrl, { content: 'a', slug: 'taken' }, { token });
    expectError(await post({ content: 'b', slug: 'taken' }), 409, ErrorCode.SlugTaken);
  });

  it('answers 413 for content over 1 MiB, whether the body is JSON or text', async () => {
    const big = 'a'.repeat(PASTE_MAX_BYTES + 1);
    expect(expectError(await post({ content: big }), 413, ErrorCode.PayloadTooLarge).message).toMatch(/1 MiB/);
    // raw: text/plain bodies, which the typed client sends only as JSON
    const plain = await call(server.baseUrl, 'POST', '/api/paste', {
      token,
      body: big,
      headers: { 'content-type': 'text/plain' },
    });
    expectError(plain, 413, ErrorCode.PayloadTooLarge);
    // raw: a text/plain body
    const huge = await call(server.baseUrl, 'POST', '/api/paste', {
      token,
      body: 'a'.repeat(3 * PASTE_MAX_BYTES),
      headers: { 'content-type': 'text/plain' },
    });
    expectError(huge, 413, ErrorCode.PayloadTooLarge);
    const exact = await createPaste(server.baseUrl, { content: 'é'.repeat(PASTE_MAX_BYTES / 2) }, { token });
    expect(exact.slug).toHaveLength(8);
  });

  it('takes a text/plain body as the content and answers with the bare URL for Accept: text/plain', async () => {
    // raw: a text/plain body asking for a text/plain answer
    const result = await call(server.baseUrl, 'POST', '/api/paste', {
      token,
      body: '# notes\nline two\n',
      headers: { 'content-type': 'text/plain', accept: 'text/plain' },
    });
    expect(result.status).toBe(201);
    expect(result.headers.get('content-type')).toMatch(/^text\/plain/);
    const match = /^(http:\/\/127\.0\.0\.1:\d+)\/paste\/([A-Za-z0-9]{8})\n$/.exec(result.text);
    expect(match?.[1]).toBe(server.baseUrl);
    const view = await viewPaste(server.baseUrl, match?.[2] ?? '');
    expect(view.content).toBe('# notes\nline two\n');
  });

  it('replays a repeated Idempotency-Key without creating a second paste', async () => {
    const first = expectOk(await post({ content: 'once' }, { 'idempotency-key': 'k-1' }), pasteCreateResultSchema, 201);
    const again = expectOk(await post({ content: 'once' }, { 'idempotency-key': 'k-1' }), pasteCreateResultSchema, 201);
    expect(again).toEqual(first);
    expect(await pasteCount(server.db)).toBe(1);
    const other = expectOk(await post({ content: 'once' }, { 'idempotency-key': 'k-2' }), pasteCreateResultSchema, 201);
    expect(other.slug).not.toBe(first.slug);
    expect(await pasteCount(server.db)).toBe(2);
    const stored = await server.db.selectFrom('idempotency_keys').select(['key', 'scope']).orderBy('key').execute();
    expect(stored.map((row) => row.key)).toEqual(['k-1', 'k-2']);
  });

  it('refuses an Idempotency-Key sent again with a different body with 422, creating nothing', async () => {
    const first = expectOk(
      await post({ content: 'first' }, { 'idempotency-key': 'k-body' }),
      pasteCreateResultSchema,
      201,
    );
    const changed = expectError(
      await post({ content: 'second' }, { 'idempotency-key': 'k-body' }),
      422,
      ErrorCode.ValidationFailed,
    );
    expect(changed.message).toMatch(/Idempotency-Key was already used with a different request body/);
    expect(await pasteCount(server.db)).toBe(1);
    expect(
      expectOk(await post({ content: 'first' }, { 'idempotency-key': 'k-body' }), pasteCreateResultSchema, 201),
    ).toEqual(first);
    const stored = await server.db
      .selectFrom('idempotency_keys')
      .select('request_hash')
      .where('key', '=', 'k-body')
      .executeTakeFirstOrThrow();
    expect(stored.request_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps idempotency keys apart per caller and refuses a malformed key', async () => {
    const { key } = await insertApiKey(server.db, { text_permission: 1 });
    const mine = await createPaste(server.baseUrl, { content: 'a' }, { token, headers: { 'idempotency-key': 'same' } });
    const theirs = await createPaste(
      server.baseUrl,
      { content: 'a' },
      { apiKey: key, headers: { 'idempotency-key': 'same' } },
    );
    expect(theirs.id).not.toBe(mine.id);
    expectError(await post({ content: 'a' }, { 'idempotency-key': 'has space' }), 400, ErrorCode.BadRequest);
  });

  it('lets an API key with text permission create and refuses one without it with 403', async () => {
    const writer = await insertApiKey(server.db, { text_permission: 1 });
    const created = await createPaste(server.baseUrl, { content: 'k' }, { apiKey: writer.key });
    const row = await server.db
      .selectFrom('pastes')
      .select('created_by')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).toBe(`apikey:${writer.id}`);
    const reader = await insertApiKey(server.db, { file_permission: 1 });
    expectError(await postPaste(server.baseUrl, { content: 'k' }, { apiKey: reader.key }), 403, ErrorCode.Forbidden);
  });

  it('refuses anonymous callers with 401 while guest pastes are off', async () => {
    expectError(await postPaste(server.baseUrl, { content: 'g' }), 401, ErrorCode.Unauthorized);
    expectError(await postPaste(server.baseUrl, { content: 'g' }, { token: 'stale' }), 401, ErrorCode.TokenExpired);
  });

  it('lets guests create when allowed, 10 a minute per IP, then 429 with Retry-After', async () => {
    await setGuestPastes(server.db, true);
    const created = await createPaste(server.baseUrl, { content: 'g0' }, {});
    const row = await server.db
      .selectFrom('pastes')
      .select('created_by')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).toBe('guest');
    for (let i = 1; i < 10; i += 1) await createPaste(server.baseUrl, { content: `g${i}` }, {});
    const limited = await postPaste(server.baseUrl, { content: 'g10' });
    expectError(limited, 429, ErrorCode.RateLimited);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    await createPaste(server.baseUrl, { content: 'admin still can' }, { token });
  });
});

describe('POST /api/paste content types', () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('refuses a body that is neither JSON nor plain text with 400 naming the types', async () => {
    server = await startTestServer();
    const { token } = await login(server.baseUrl);
    const error = expectError(
      // raw: a content type the contract refuses
      await call(server.baseUrl, 'POST', '/api/paste', {
        token,
        body: '<p>hi</p>',
        headers: { 'content-type': 'text/html' },
      }),
      400,
      ErrorCode.BadRequest,
    );
    expect(error.message).toContain('application/json or text/plain');
    expect(await pasteCount(server.db)).toBe(0);
  });
});

describe('POST /api/paste behind a reverse proxy', () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('builds the share link from X-Forwarded-Proto and -Host only when TRUST_PROXY is on', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'clip.example.com' };
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    const trusted = await createPaste(
      server.baseUrl,
      { content: 'behind tls' },
      { token: (await login(server.baseUrl)).token, headers: forwarded },
    );
    expect(trusted.url).toBe(`https://clip.example.com/paste/${trusted.slug}`);
    await server.close();

    server = await startTestServer();
    const direct = await createPaste(
      server.baseUrl,
      { content: 'no proxy' },
      { token: (await login(server.baseUrl)).token, headers: forwarded },
    );
    expect(direct.url).toBe(`${server.baseUrl}/paste/${direct.slug}`);
  });
});
