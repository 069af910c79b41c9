import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  adminPasteListSchema,
  deletedCountSchema,
  pasteDetailSchema,
  userPasteListSchema,
} from '@shared/api/paste.schema';
import {
  adminPasteEndpoints,
  clearExpiredPastes,
  listAdminPastes,
  listUserPastes,
  unlockPaste,
  userPasteEndpoints,
} from '@shared/api/paste.endpoints';
import { ErrorCode } from '@shared/errors';
import type { BodyOf, QueryOf } from '@shared/http/endpoint';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { insertApiKey, login } from '@tests/integration/support/auth-helpers';
import { expectError, expectOk } from '@tests/integration/support/http';
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

  const admin = () => testApi(server.baseUrl, asAdmin(token));
  const list = (query: QueryOf<typeof listAdminPastes> = {}) => admin().send(listAdminPastes, { query });
  const get = (id: string) => admin().send(adminPasteEndpoints.get, { params: { id } });
  const update = (id: string, body: BodyOf<typeof adminPasteEndpoints.update>) =>
    admin().send(adminPasteEndpoints.update, { params: { id }, body });
  const remove = (id: string) => admin().send(adminPasteEndpoints.remove, { params: { id } });
  const make = (body: Parameters<typeof createPaste>[1]) => createPaste(server.baseUrl, body, { token });

  it('pages the list newest first with a 200-character preview', async () => {
    for (let i = 0; i < 12; i += 1) {
      await make({ content: `${i}:${'x'.repeat(300)}`, password: i === 0 ? 'pw-0' : undefined });
      clock.advance(1000);
    }
    const first = expectOk(await list(), adminPasteListSchema);
    expect(first.pagination).toEqual({ total: 12, page: 1, limit: 10, totalPages: 2 });
    expect(first.items[0]?.contentPreview).toBe(`11:${'x'.repeat(197)}`);
    const second = expectOk(await list({ page: 2, limit: 10 }), adminPasteListSchema);
    expect(second.items).toHaveLength(2);
    expect(second.items[1]).toMatchObject({ hasPassword: true, views: 0, maxViews: null, expiresAt: null });
    expect(second.items[1]?.createdBy).toMatch(/^admin:/);
    expectError(await list({ limit: 101 }), 400, ErrorCode.ValidationFailed);
    await testApi(server.baseUrl).fails(listAdminPastes, {}, 401, ErrorCode.Unauthorized);
  });

  it('gets, partially updates and deletes one paste by id', async () => {
    const created = await make({ content: 'v1', remark: 'keep me', password: 'pw-1', maxViews: 10 });
    for (let i = 0; i < 3; i += 1)
      await testApi(server.baseUrl).send(unlockPaste, { params: { slug: created.slug }, body: { password: 'pw-1' } });

    const updated = expectOk(
      await update(created.id, { content: 'v2', maxViews: 2, password: null, slug: 'renamed' }),
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
      await update(created.id, { maxViews: null, expiresAt: null, remark: null }),
      pasteDetailSchema,
    );
    expect(raised).toMatchObject({ maxViews: null, expiresAt: null, remark: null, content: 'v2' });
    expect(JSON.stringify(raised)).not.toMatch(/password_hash|pw-1/);
    expect((await viewPaste(server.baseUrl, 'renamed')).content).toBe('v2');

    await make({ content: 'other', slug: 'other-slug' });
    expectError(await update(created.id, { slug: 'other-slug' }), 409, ErrorCode.SlugTaken);
    expectError(await update(created.id, { slug: 'raw' }), 400, ErrorCode.ValidationFailed);
    expectError(await update(created.id, {}), 400, ErrorCode.ValidationFailed);
    expectError(await update(created.id, { expiresAt: '2001-01-01T00:00:00Z' }), 400, ErrorCode.ValidationFailed);
    const tooLate = expectError(
      await update(created.id, { expiresAt: '9999-12-31T23:59:59-01:00' }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(tooLate.data.issues?.map((issue) => issue.path)).toEqual(['expiresAt']);
    expect(expectOk(await update(created.id, { password: 'pw-new' }), pasteDetailSchema).hasPassword).toBe(true);

    expect(expectOk(await get(created.id), pasteDetailSchema).slug).toBe('renamed');
    expect(expectOk(await remove(created.id), deletedCountSchema).deleted).toBe(1);
    expectError(await get(created.id), 404, ErrorCode.NotFound);
    expectError(await remove(created.id), 404, ErrorCode.NotFound);
  });

  it('batch-deletes by ids and clears expired pastes', async () => {
    const a = await make({ content: 'a' });
    const b = await make({ content: 'b' });
    await make({ content: 'c', expiresAt: new Date(clock.now() + 60_000).toISOString() });
    await make({ content: 'd' });
    expect(
      expectOk(
        await admin().send(adminPasteEndpoints.removeMany, { body: { ids: [a.id, b.id, 'missing'] } }),
        deletedCountSchema,
      ).deleted,
    ).toBe(2);
    expectError(
      await admin().send(adminPasteEndpoints.removeMany, { body: { ids: [] } }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(expectOk(await admin().send(clearExpiredPastes, {}), deletedCountSchema).deleted).toBe(0);
    clock.advance(60_000);
    expect(expectOk(await admin().send(clearExpiredPastes, {}), deletedCountSchema).deleted).toBe(1);
    expect(await pasteCount(server.db)).toBe(1);
  });
});

describe('API key paste management', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  const user = (apiKey: string) => testApi(server.baseUrl, asApiKey(apiKey));

  it('limits every route to the pastes the key created', async () => {
    const owner = await insertApiKey(server.db, { text_permission: 1 });
    const other = await insertApiKey(server.db, { text_permission: 1 });
    const mine = [];
    for (let i = 0; i < 3; i += 1)
      mine.push(await createPaste(server.baseUrl, { content: `m${i}` }, { apiKey: owner.key }));
    const theirs = await createPaste(server.baseUrl, { content: 'theirs' }, { apiKey: other.key });
    const legacy = await createPaste(server.baseUrl, { content: 'legacy' }, { apiKey: other.key });
    await server.db.updateTable('pastes').set({ created_by: owner.id }).where('id', '=', legacy.id).execute();

    const list = expectOk(
      await user(owner.key).send(listUserPastes, { query: { limit: 2, offset: 0 } }),
      userPasteListSchema,
    );
    expect(list.pagination).toEqual({ total: 4, limit: 2, offset: 0, hasMore: true });
    const rest = expectOk(
      await user(owner.key).send(listUserPastes, { query: { limit: 2, offset: 2 } }),
      userPasteListSchema,
    );
    expect(rest.pagination.hasMore).toBe(false);
    expect([...list.items, ...rest.items].map((item) => item.id).sort()).toEqual(
      [...mine.map((p) => p.id), legacy.id].sort(),
    );

    expectError(
      await user(owner.key).send(userPasteEndpoints.get, { params: { id: theirs.id } }),
      404,
      ErrorCode.NotFound,
    );
    expectError(
      await user(owner.key).send(userPasteEndpoints.update, { params: { id: theirs.id }, body: { content: 'hijack' } }),
      404,
      ErrorCode.NotFound,
    );
    expectError(
      await user(owner.key).send(userPasteEndpoints.remove, { params: { id: theirs.id } }),
      404,
      ErrorCode.NotFound,
    );
    const batch = await user(owner.key).send(userPasteEndpoints.removeMany, {
      body: { ids: [theirs.id, mine[0]?.id ?? ''] },
    });
    expect(expectOk(batch, deletedCountSchema).deleted).toBe(1);

    const edited = expectOk(
      await user(owner.key).send(userPasteEndpoints.update, {
        params: { id: legacy.id },
        body: { remark: 'mine now' },
      }),
      pasteDetailSchema,
    );
    expect(edited).toMatchObject({ remark: 'mine now', content: 'legacy' });
    expect(
      expectOk(
        await user(owner.key).send(userPasteEndpoints.get, { params: { id: mine[1]?.id ?? '' } }),
        pasteDetailSchema,
      ).content,
    ).toBe('m1');
    expect(
      expectOk(
        await user(owner.key).send(userPasteEndpoints.remove, { params: { id: mine[1]?.id ?? '' } }),
        deletedCountSchema,
      ).deleted,
    ).toBe(1);
    expect(await pasteCount(server.db)).toBe(3);
  });

  it('needs text permission (403) and an API key or admin (401)', async () => {
    const fileOnly = await insertApiKey(server.db, { file_permission: 1 });
    expectError(await user(fileOnly.key).send(listUserPastes, {}), 403, ErrorCode.Forbidden);
    await testApi(server.baseUrl).fails(listUserPastes, {}, 401, ErrorCode.Unauthorized);
  });
});
