import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  batchDeleteApiKeys,
  createApiKey,
  deleteApiKey,
  listApiKeys,
  updateApiKey,
} from '@shared/api/api-keys.endpoints';
import { listVisibleMounts } from '@shared/api/mounts.endpoints';
import { apiKeyViewSchema } from '@shared/api/api-key.schema';
import { checkApiKey } from '@shared/api/auth.endpoints';
import { ErrorCode } from '@shared/errors';
import type { BodyOf } from '@shared/http/endpoint';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { login } from '@tests/integration/support/auth-helpers';
import { call, expectError } from '@tests/integration/support/http';
import { ManualClock } from '@tests/support/manual-clock';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';

const dayMs = 24 * 60 * 60 * 1000;

describe('/api/admin/api-keys', () => {
  let server: TestServer;
  let token: string;
  let clock: ManualClock;
  beforeEach(async () => {
    clock = new ManualClock(Date.parse('2031-03-01T12:00:00.000Z'));
    server = await startTestServer({ clock });
    token = (await login(server.baseUrl)).token;
  });
  afterEach(() => server.close());

  const admin = () => testApi(server.baseUrl, asAdmin(token));
  const withKey = (key: string) => testApi(server.baseUrl, asApiKey(key));
  /** Bodies the contract refuses on purpose go raw; the rest through the typed client. */
  // raw: any body, the ones the contract refuses included
  const create = (json: unknown) => call(server.baseUrl, 'POST', '/api/admin/api-keys', { token, json });
  const update = (id: string, json: unknown) =>
    call(server.baseUrl, 'PUT', `/api/admin/api-keys/${id}`, { token, json }); // raw: as above
  const list = () => admin().ok(listApiKeys, {});
  const checked = (key: string) => withKey(key).ok(checkApiKey, {});
  const checkRefused = (key: string) => withKey(key).fails(checkApiKey, {}, 401, ErrorCode.ApiKeyInvalid);
  const created = (body: BodyOf<typeof createApiKey>) => admin().ok(createApiKey, { body });
  const updated = (id: string, body: BodyOf<typeof updateApiKey>) => admin().ok(updateApiKey, { params: { id }, body });
  const fieldOf = (result: Awaited<ReturnType<typeof create>>) =>
    expectError(result, 400, ErrorCode.ValidationFailed).data.issues?.map((i) => i.path);
  const fieldsOf = (error: { fields: { path: string }[] }) => error.fields.map((field) => field.path);

  it('creates a key shown once, stored hashed, listed with prefix and mask only', async () => {
    const key = await created({
      name: 'ci',
      text_permission: true,
      mount_permission: true,
      basic_path: '/docs',
      read_only: true,
    });
    expect(key.key).toMatch(/^cd_[A-Za-z0-9_-]{32}$/);
    expect(key).toMatchObject({
      name: 'ci',
      key_prefix: key.key.slice(0, 6),
      key_masked: `${key.key.slice(0, 6)}…••••`,
    });
    expect(key).toMatchObject({
      text_permission: true,
      file_permission: false,
      mount_permission: true,
      read_only: true,
      basic_path: '/docs',
    });
    expect(key).toMatchObject({ expires_at: null, last_used_at: null, created_at: '2031-03-01T12:00:00.000Z' });

    const raw = await testApi(server.baseUrl, asAdmin(token)).send(listApiKeys, {});
    expect(raw.text).not.toContain(key.key);
    const row = await server.db
      .selectFrom('api_keys')
      .select('key_hash')
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(raw.text).not.toContain(row.key_hash);
    expect(await list()).toEqual([apiKeyViewSchema.parse({ ...key, key: undefined })]);

    const info = await checked(key.key);
    expect(info).toMatchObject({
      name: 'ci',
      basic_path: '/docs',
      permissions: { text: true, file: false, mount: true },
    });
    expect((await list())[0]?.last_used_at).toBe('2031-03-01T12:00:00.000Z');
  });

  it('applies defaults: no permissions, base path /, never expires', async () => {
    const key = await created({ name: 'bare' });
    expect(key).toMatchObject({
      text_permission: false,
      file_permission: false,
      mount_permission: false,
      read_only: false,
      basic_path: '/',
      expires_at: null,
    });
  });

  it('validates the name: required, at most 50 characters, unique', async () => {
    expect(fieldOf(await create({}))).toEqual(['name']);
    expect(fieldOf(await create({ name: '   ' }))).toEqual(['name']);
    expect(fieldOf(await create({ name: 'x'.repeat(51) }))).toEqual(['name']);
    await created({ name: 'x'.repeat(50) });
    await created({ name: 'dup' });
    expect((await admin().fails(createApiKey, { body: { name: 'dup' } }, 409, ErrorCode.Conflict)).message).toContain(
      'name',
    );
  });

  it('accepts a custom key of 24..128 letters, digits, _ and -, once', async () => {
    const custom = 'my_Custom-key01_long-enough';
    const key = await created({ name: 'custom', custom_key: custom });
    expect(key.key).toBe(custom);
    expect(key.key_prefix).toBe('my_Cus');
    expect((await created({ name: 'shortest', custom_key: 'abcd1234'.repeat(3) })).key_prefix).toBe('abcd12');
    expect((await created({ name: 'long', custom_key: 'a'.repeat(64) })).key_prefix).toBe('aaaaaa');
    await checked(custom);
    expect(
      (await admin().fails(createApiKey, { body: { name: 'other', custom_key: custom } }, 409, ErrorCode.Conflict))
        .message,
    ).toContain('custom_key');
    for (const bad of [
      'short7c',
      'k'.repeat(23),
      'has space1'.repeat(3),
      'slash/key1'.repeat(3),
      'ümlaut-key'.repeat(3),
      'k'.repeat(129),
    ]) {
      expect(fieldOf(await create({ name: `n-${bad.length}-${bad[0]}`, custom_key: bad }))).toEqual(['custom_key']);
    }
    const short = expectError(
      await create({ name: 'short', custom_key: 'k'.repeat(23) }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(short.message).toContain('custom_key needs at least 24 characters');
  });

  it('takes expires_at as an ISO time, null or "never", and refuses past or malformed times', async () => {
    const at = await created({ name: 'at', expires_at: '2031-03-02T00:00:00+02:00' });
    expect(at.expires_at).toBe('2031-03-01T22:00:00.000Z');
    expect((await created({ name: 'null', expires_at: null })).expires_at).toBeNull();
    expect((await created({ name: 'never', expires_at: 'never' })).expires_at).toBeNull();
    const past = expectError(
      await create({ name: 'past', expires_at: '2031-03-01T11:59:59Z' }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(past.message).toContain('expires_at');
    expect(fieldOf(await create({ name: 'junk', expires_at: 'tomorrow' }))).toEqual(['expires_at']);
  });

  it('takes expires_in_days as a positive whole number, not together with expires_at', async () => {
    const week = await created({ name: 'week', expires_in_days: 7 });
    expect(week.expires_at).toBe(new Date(clock.now() + 7 * dayMs).toISOString());
    for (const bad of [0, -1, 1.5, '7'])
      expect(fieldOf(await create({ name: `d${String(bad)}`, expires_in_days: bad }))).toEqual(['expires_in_days']);
    expect(fieldOf(await create({ name: 'both', expires_in_days: 1, expires_at: null }))).toEqual(['expires_in_days']);
  });

  it('refuses a key once it expires, with "API key invalid or expired"', async () => {
    const key = await created({ name: 'short-lived', expires_in_days: 1, mount_permission: true });
    await checked(key.key);
    clock.advance(dayMs);
    expect((await checkRefused(key.key)).message).toBe('API key invalid or expired');
    await withKey(key.key).fails(listVisibleMounts, {}, 401, ErrorCode.ApiKeyInvalid);
    token = (await login(server.baseUrl)).token;
    expect((await list()).map((k) => k.name)).toEqual(['short-lived']);
  });

  it('requires basic_path to be absolute and normalised', async () => {
    for (const bad of ['docs', '/docs/', '/docs//a', '/docs/../x', '/a/./b', '/%2e%2e', '']) {
      expect(fieldOf(await create({ name: `b${bad.length}${bad.charCodeAt(1)}`, basic_path: bad }))).toEqual([
        'basic_path',
      ]);
    }
    expect((await created({ name: 'zh', basic_path: '/文档/报告' })).basic_path).toBe('/文档/报告');
  });

  it('refuses non-boolean permissions naming the field', async () => {
    expect(fieldOf(await create({ name: 'p', file_permission: 'yes' }))).toEqual(['file_permission']);
    expect(fieldOf(await create({ name: 'r', read_only: 1 }))).toEqual(['read_only']);
  });

  it('updates fields partially, and the change applies to the key at once', async () => {
    const key = await created({ name: 'editable', mount_permission: true });
    await withKey(key.key).ok(listVisibleMounts, {});
    const edited = await updated(key.id, {
      name: 'renamed',
      mount_permission: false,
      text_permission: true,
      basic_path: '/x',
    });
    expect(edited).toMatchObject({
      name: 'renamed',
      mount_permission: false,
      text_permission: true,
      basic_path: '/x',
      expires_at: null,
    });
    await withKey(key.key).fails(listVisibleMounts, {}, 403, ErrorCode.Forbidden);
    const expiring = await updated(key.id, { expires_in_days: 30 });
    expect(expiring).toMatchObject({ name: 'renamed', expires_at: new Date(clock.now() + 30 * dayMs).toISOString() });
    expect((await updated(key.id, { expires_at: null })).expires_at).toBeNull();
  });

  it('refuses bad updates: unknown id, taken name, nothing to change, past expiry', async () => {
    const a = await created({ name: 'a' });
    await created({ name: 'b' });
    await admin().fails(updateApiKey, { params: { id: 'no-such-id' }, body: { name: 'c' } }, 404, ErrorCode.NotFound);
    await admin().fails(updateApiKey, { params: { id: a.id }, body: { name: 'b' } }, 409, ErrorCode.Conflict);
    await updated(a.id, { name: 'a' });
    expectError(await update(a.id, {}), 400, ErrorCode.ValidationFailed);
    expect(fieldOf(await update(a.id, { expires_at: '2000-01-01T00:00:00Z' }))).toEqual(['expires_at']);
    expect(fieldOf(await update(a.id, { basic_path: 'relative' }))).toEqual(['basic_path']);
  });

  it('deletes a key, which stops working at once', async () => {
    const key = await created({ name: 'doomed', text_permission: true });
    expect(await admin().ok(deleteApiKey, { params: { id: key.id } })).toBeNull();
    expect((await checkRefused(key.key)).message).toBe('API key invalid or expired');
    await admin().fails(deleteApiKey, { params: { id: key.id } }, 404, ErrorCode.NotFound);
  });

  it('deletes in bulk, counting only keys that existed', async () => {
    const keys = await Promise.all(['k1', 'k2', 'k3'].map((name) => created({ name })));
    const ids = [...keys.slice(0, 2).map((key) => key.id), 'missing'];
    const result = await admin().ok(batchDeleteApiKeys, { body: { ids } });
    expect(result.deleted).toBe(2);
    expect((await list()).map((k) => k.name)).toEqual(['k3']);
    const empty = await admin().fails(batchDeleteApiKeys, { body: { ids: [] } }, 400, ErrorCode.ValidationFailed);
    expect(fieldsOf(empty)).toEqual(['ids']);
  });

  it('rate-limits failed key lookups on the /api/user routes too', async () => {
    const key = await created({ name: 'good', mount_permission: true });
    for (let i = 0; i < 20; i += 1)
      await withKey(`bad-${i}`).fails(listVisibleMounts, {}, 401, ErrorCode.ApiKeyInvalid);
    const blocked = await testApi(server.baseUrl, asApiKey('bad-20')).send(listVisibleMounts, {});
    expectError(blocked, 429, ErrorCode.RateLimited);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    await withKey(key.key).ok(listVisibleMounts, {});
  });
});
