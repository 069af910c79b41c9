import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  adminPasteListSchema,
  deletedCountSchema,
  pasteDetailSchema,
  userPasteListSchema,
} from '@shared/api/paste.schema';
import { ErrorCode } from '@shared/errors';
import { insertApiKey, login } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { ManualClock } from '@tests/support/manual-clock';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { createPaste, pasteCount, viewPaste } from './paste-helpers';

describe('admin paste management', () => {
  let server: TestServer;
  let token: string;
  const clock = new ManualClock(Date.now());
  beforeEach(async () => {
    server = await startTestServer({ clock });
    token = (await login(server.baseUrl)).token;
  });
  afterEach(() => server.close());

  const admin = (method: string, path: string, json?: unknown) =>
    call(server.baseUrl, method, `/api/admin/pastes${path}`, { token, json });
  const make = (json: Record<string, unknown>) => createPaste(server.baseUrl, json, { token });

  it('pages the list newest first with a 200-character preview', async () => {
    for (let i = 0; i < 12; i += 1) {
      await make({ content: `${i}:${'x'.repeat(300)}`, password: i === 0 ? 'pw-0' : undefined });
      clock.advance(1000);
    }
    const first = expectOk(await admin('GET', ''), adminPasteListSchema);
    expect(first.pagination).toEqual({ total: 12, page: 1, limit: 10, totalPages: 2 });
    expect(first.items[0]?.contentPreview).toBe(`11:${'x'.repeat(197)}`);
    const second = expectOk(await admin('GET', '?page=2&limit=10'), adminPasteListSchema);
    expect(second.items).toHaveLength(2);
    expect(second.items[1]).toMatchObject({ hasPassword: true, views: 0, maxViews: null, expiresAt: null });
    expect(second.items[1]?.createdBy).toMatch(/^admin:/);
    expectError(await admin('GET', '?limit=101'), 400, ErrorCode.ValidationFailed);
    expectError(await call(server.baseUrl, 'GET', '/api/admin/pastes'), 401, ErrorCode.Unauthorized);
  });

  it('gets, partially updates and deletes one paste by id', async () => {
    const created = await make({ content: 'v1', remark: 'keep me', password: 'pw-1', maxViews: 10 });
    for (let i = 0; i < 3; i += 1)
      await call(server.baseUrl, 'POST', `/api/paste/${created.slug}`, { json: { password: 'pw-1' } });

    const updated = expectOk(
      await admin('PUT', `/${created.id}`, { content: 'v2', maxViews: 2, password: null, slug: 'renamed' }),
      pasteDetailSchema,
    );
    expect(updated).toMatchObject({
      content: 'v2',
      remark: 'keep me',
      maxViews: 2,
      views: 0,
      hasPassword: false,
      slug: 'renamed',
    });
    const raised = expectOk(
      await admin('PUT', `/${created.id}`, { maxViews: null, expiresAt: null, remark: null }),
      pasteDetailSchema,
    );
    expect(raised).toMatchObject({ maxViews: null, expiresAt: null, remark: null, content: 'v2' });
    expect(JSON.stringify(raised)).not.toMatch(/password_hash|pw-1/);
    expect((await viewPaste(server.baseUrl, 'renamed')).content).toBe('v2');

    await make({ content: 'other', slug: 'other-slug' });
    expectError(await admin('PUT', `/${created.id}`, { slug: 'other-slug' }), 409, ErrorCode.SlugTaken);
    expectError(await admin('PUT', `/${created.id}`, { slug: 'raw' }), 400, ErrorCode.ValidationFailed);
    expectError(await admin('PUT', `/${created.id}`, {}), 400, ErrorCode.ValidationFailed);
    expectError(
      await admin('PUT', `/${created.id}`, { expiresAt: '2001-01-01T00:00:00Z' }),
      400,
      ErrorCode.ValidationFailed,
    );
    const tooLate = expectError(
      await admin('PUT', `/${created.id}`, { expiresAt: '9999-12-31T23:59:59-01:00' }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(tooLate.data.issues?.map((issue) => issue.path)).toEqual(['expiresAt']);
    expect(expectOk(await admin('PUT', `/${created.id}`, { password: 'pw-new' }), pasteDetailSchema).hasPassword).toBe(
      true,
    );

    expect(expectOk(await admin('GET', `/${created.id}`), pasteDetailSchema).slug).toBe('renamed');
    expect(expectOk(await admin('DELETE', `/${created.id}`), deletedCountSchema).deleted).toBe(1);
    expectError(await admin('GET', `/${created.id}`), 404, ErrorCode.NotFound);
    expectError(await admin('DELETE', `/${created.id}`), 404, ErrorCode.NotFound);
  });

  it('batch-deletes by ids and clears expired pastes', async () => {
    const a = await make({ content: 'a' });
    const b = await make({ content: 'b' });
    await make({ content: 'c', expiresAt: new Date(clock.now() + 60_000).toISOString() });
    await make({ content: 'd' });
    expect(
      expectOk(await admin('POST', '/batch-delete', { ids: [a.id, b.id, 'missing'] }), deletedCountSchema).deleted,
    ).toBe(2);
    expectError(await admin('POST', '/batch-delete', { ids: [] }), 400, ErrorCode.ValidationFailed);
    expect(expectOk(await admin('POST', '/clear-expired'), deletedCountSchema).deleted).toBe(0);
    clock.advance(60_000);
    expect(expectOk(await admin('POST', '/clear-expired'), deletedCountSchema).deleted).toBe(1);
    expect(await pasteCount(server.db)).toBe(1);
  });
});

describe('API key paste management', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  const user = (apiKey: string, method: string, path: string, json?: unknown) =>
    call(server.baseUrl, method, `/api/user/pastes${path}`, { apiKey, json });

  it('limits every route to the pastes the key created', async () => {
    const owner = await insertApiKey(server.db, { text_permission: 1 });
    const other = await insertApiKey(server.db, { text_permission: 1 });
    const mine = [];
    for (let i = 0; i < 3; i += 1)
      mine.push(await createPaste(server.baseUrl, { content: `m${i}` }, { apiKey: owner.key }));
    const theirs = await createPaste(server.baseUrl, { content: 'theirs' }, { apiKey: other.key });
    const legacy = await createPaste(server.baseUrl, { content: 'legacy' }, { apiKey: other.key });
    await server.db.updateTable('pastes').set({ created_by: owner.id }).where('id', '=', legacy.id).execute();

    const list = expectOk(await user(owner.key, 'GET', '?limit=2&offset=0'), userPasteListSchema);
    expect(list.pagination).toEqual({ total: 4, limit: 2, offset: 0, hasMore: true });
    const rest = expectOk(await user(owner.key, 'GET', '?limit=2&offset=2'), userPasteListSchema);
    expect(rest.pagination.hasMore).toBe(false);
    expect([...list.items, ...rest.items].map((item) => item.id).sort()).toEqual(
      [...mine.map((p) => p.id), legacy.id].sort(),
    );

    expectError(await user(owner.key, 'GET', `/${theirs.id}`), 404, ErrorCode.NotFound);
    expectError(await user(owner.key, 'PUT', `/${theirs.id}`, { content: 'hijack' }), 404, ErrorCode.NotFound);
    expectError(await user(owner.key, 'DELETE', `/${theirs.id}`), 404, ErrorCode.NotFound);
    const batch = await user(owner.key, 'POST', '/batch-delete', { ids: [theirs.id, mine[0]?.id] });
    expect(expectOk(batch, deletedCountSchema).deleted).toBe(1);

    const edited = expectOk(await user(owner.key, 'PUT', `/${legacy.id}`, { remark: 'mine now' }), pasteDetailSchema);
    expect(edited).toMatchObject({ remark: 'mine now', content: 'legacy' });
    expect(expectOk(await user(owner.key, 'GET', `/${mine[1]?.id}`), pasteDetailSchema).content).toBe('m1');
    expect(expectOk(await user(owner.key, 'DELETE', `/${mine[1]?.id}`), deletedCountSchema).deleted).toBe(1);
    expect(await pasteCount(server.db)).toBe(3);
  });

  it('needs text permission (403) and an API key or admin (401)', async () => {
    const fileOnly = await insertApiKey(server.db, { file_permission: 1 });
    expectError(await user(fileOnly.key, 'GET', ''), 403, ErrorCode.Forbidden);
    expectError(await call(server.baseUrl, 'GET', '/api/user/pastes'), 401, ErrorCode.Unauthorized);
  });
});
