import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  adminPasteEndpoints,
  rawPaste,
  unlockPaste,
  viewPaste as viewPasteEndpoint,
} from '@shared/api/paste.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { lockedPasteViewSchema, pasteViewSchema } from '@shared/api/paste.schema';
import { ErrorCode } from '@shared/errors';
import { insertApiKey, login } from '@tests/integration/support/auth-helpers';
import { expectError, expectOk } from '@tests/integration/support/http';
import { ManualClock } from '@tests/support/manual-clock';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { createPaste, getPaste, pasteCount, viewPaste, viewsOf } from './paste-helpers';

describe('GET and POST /api/paste/:slug', () => {
  let server: TestServer;
  let token: string;
  const clock = new ManualClock(Date.now());
  beforeEach(async () => {
    server = await startTestServer({ clock });
    token = (await login(server.baseUrl)).token;
  });
  afterEach(() => server.close());

  const make = (body: Parameters<typeof createPaste>[1]) => createPaste(server.baseUrl, body, { token });
  const unlock = (slug: string, password: string) =>
    testApi(server.baseUrl).send(unlockPaste, { params: { slug }, body: { password } });

  it('serves content with metadata and counts each view', async () => {
    const { slug } = await make({ content: 'body', remark: 'r' });
    const first = await viewPaste(server.baseUrl, slug);
    expect(first).toMatchObject({
      slug,
      content: 'body',
      remark: 'r',
      requiresPassword: false,
      hasPassword: false,
      views: 1,
      canEdit: false,
    });
    expect((await viewPaste(server.baseUrl, slug)).views).toBe(2);
    expect(await viewsOf(server.db, slug)).toBe(2);
  });

  it('answers 404 for an unknown slug', async () => {
    expectError(await getPaste(server.baseUrl, 'nope'), 404, ErrorCode.NotFound);
  });

  it('serves the view that reaches maxViews, deletes the paste, then answers 410', async () => {
    const { slug } = await make({ content: 'twice', maxViews: 2 });
    expect((await viewPaste(server.baseUrl, slug)).views).toBe(1);
    expect((await viewPaste(server.baseUrl, slug)).content).toBe('twice');
    expect(await pasteCount(server.db)).toBe(0);
    expectError(await getPaste(server.baseUrl, slug), 410, ErrorCode.Gone);
  });

  it('gives a maxViews 1 paste to exactly one of two concurrent viewers, 20 times over', async () => {
    for (let round = 0; round < 20; round += 1) {
      const { slug } = await make({ content: `burn ${round}`, maxViews: 1 });
      const results = await Promise.all([getPaste(server.baseUrl, slug), getPaste(server.baseUrl, slug)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
      const winner = results.find((r) => r.status === 200);
      expect(expectOk(winner ?? results[0], pasteViewSchema).content).toBe(`burn ${round}`);
    }
    expect(await pasteCount(server.db)).toBe(0);
  });

  it('still answers 410 for a used-up paste after a restart, and 404 once its slug is reused and deleted', async () => {
    const { slug } = await make({ content: 'once', maxViews: 1, slug: 'one-shot' });
    await viewPaste(server.baseUrl, slug);
    await server.close({ keepData: true });
    server = await startTestServer({ clock, dataDir: server.dataDir });
    token = (await login(server.baseUrl)).token;
    expectError(await getPaste(server.baseUrl, slug), 410, ErrorCode.Gone);
    expect((await testApi(server.baseUrl).send(rawPaste, { params: { slug } })).status).toBe(410);

    const reused = await make({ content: 'again', slug: 'one-shot' });
    expect((await viewPaste(server.baseUrl, slug)).content).toBe('again');
    await testApi(server.baseUrl, asAdmin(token)).ok(adminPasteEndpoints.remove, { params: { id: reused.id } });
    expectError(await getPaste(server.baseUrl, slug), 404, ErrorCode.NotFound);
  });

  it('refuses to unlock a paste that has no password with 400, spending no view', async () => {
    const { slug } = await make({ content: 'open', maxViews: 1 });
    const error = expectError(await unlock(slug, 'anything'), 400, ErrorCode.BadRequest);
    expect(error.message).toContain('not password protected');
    expect(await viewsOf(server.db, slug)).toBe(0);
  });

  it('answers HEAD on the paste and its raw text without spending a view', async () => {
    const { slug } = await make({ content: 'look, do not touch', maxViews: 1 });
    // raw: HEAD, a method the endpoints do not define but the server answers for GET routes
    for (const path of [`/api/paste/${slug}`, `/api/raw/${slug}`]) {
      const head = await fetch(`${server.baseUrl}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
    }
    expect(await viewsOf(server.db, slug)).toBe(0);
    expect((await viewPaste(server.baseUrl, slug)).content).toBe('look, do not touch');
    // raw: HEAD again
    expect((await fetch(`${server.baseUrl}/api/paste/${slug}`, { method: 'HEAD' })).status).toBe(410);
    // raw: HEAD again
    expect((await fetch(`${server.baseUrl}/api/raw/unknown-slug`, { method: 'HEAD' })).status).toBe(404);
  });

  it('answers 410 for an expired paste and deletes it', async () => {
    const { slug } = await make({ content: 'soon', expiresAt: new Date(clock.now() + 3_600_000).toISOString() });
    await viewPaste(server.baseUrl, slug);
    clock.advance(3_600_000);
    expectError(await getPaste(server.baseUrl, slug), 410, ErrorCode.Gone);
    expect(await pasteCount(server.db)).toBe(0);
  });

  it('says nothing about a protected paste but that it needs its password, and counts no view', async () => {
    const expiresAt = new Date(clock.now() + 86_400_000).toISOString();
    const { slug } = await make({
      content: 'hidden',
      password: 'pw-1',
      maxViews: 5,
      remark: 'the secret remark',
      format: 'plain',
      expiresAt,
    });
    for (const query of [{}, { render: 'html' as const }]) {
      const answer = await testApi(server.baseUrl).send(viewPasteEndpoint, { params: { slug }, query });
      expect(expectOk(answer, lockedPasteViewSchema)).toEqual({
        slug,
        requiresPassword: true,
        hasPassword: true,
        canEdit: false,
      });
      // Nothing else in the answer either: no remark, format, dates, views or view limit.
      expect(Object.keys((answer.body as { data: object }).data).sort()).toEqual(
        ['canEdit', 'hasPassword', 'requiresPassword', 'slug'].sort(),
      );
      expect(answer.text).not.toMatch(/secret remark|hidden|plain|maxViews|expiresAt|createdAt/);
    }
    expect(await viewsOf(server.db, slug)).toBe(0);
    // Its owner gets the id that opens the edit dialog, and still nothing about the paste.
    expect(expectOk(await getPaste(server.baseUrl, slug, { token }), lockedPasteViewSchema)).toMatchObject({
      canEdit: true,
      id: expect.any(String),
    });
    const unlocked = expectOk(await unlock(slug, 'pw-1'), pasteViewSchema);
    expect(unlocked).toMatchObject({ remark: 'the secret remark', format: 'plain', maxViews: 5, expiresAt });
  });

  it('unlocks with the right password (one view, a raw token) and refuses a wrong one with 401, uncounted', async () => {
    const { slug } = await make({ content: 'hidden', password: 'pw-1' });
    expectError(await unlock(slug, 'wrong'), 401, ErrorCode.WrongPassword);
    expect(await viewsOf(server.db, slug)).toBe(0);
    const result = await unlock(slug, 'pw-1');
    const view = expectOk(result, pasteViewSchema);
    expect(view).toMatchObject({ content: 'hidden', views: 1, requiresPassword: false, hasPassword: true });
    expect(view.rawToken).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(result.text).not.toContain('pw-1');
  });

  it('rate-limits wrong passwords per IP and slug with 429', async () => {
    const { slug } = await make({ content: 'hidden', password: 'pw-1' });
    for (let i = 0; i < 5; i += 1) expectError(await unlock(slug, `guess-${i}`), 401, ErrorCode.WrongPassword);
    const limited = await unlock(slug, 'pw-1');
    expectError(limited, 429, ErrorCode.RateLimited);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await make({ content: 'other', password: 'pw-2' });
    expectOk(await unlock(other.slug, 'pw-2'), pasteViewSchema);
  });

  it('reports canEdit for the admin and for the creating key only', async () => {
    const owner = await insertApiKey(server.db, { text_permission: 1 });
    const stranger = await insertApiKey(server.db, { text_permission: 1 });
    const { slug } = await createPaste(server.baseUrl, { content: 'k' }, { apiKey: owner.key });
    expect((await viewPaste(server.baseUrl, slug, { token })).canEdit).toBe(true);
    expect((await viewPaste(server.baseUrl, slug, { apiKey: owner.key })).canEdit).toBe(true);
    expect((await viewPaste(server.baseUrl, slug, { apiKey: stranger.key })).canEdit).toBe(false);
    expect((await viewPaste(server.baseUrl, slug)).canEdit).toBe(false);
  });

  it('sends the paste id to callers who may edit it and to nobody else', async () => {
    const owner = await insertApiKey(server.db, { text_permission: 1 });
    const stranger = await insertApiKey(server.db, { text_permission: 1 });
    const created = await createPaste(server.baseUrl, { content: 'k' }, { apiKey: owner.key });
    expect((await viewPaste(server.baseUrl, created.slug, { token })).id).toBe(created.id);
    expect((await viewPaste(server.baseUrl, created.slug, { apiKey: owner.key })).id).toBe(created.id);
    for (const caller of [{ apiKey: stranger.key }, {}]) {
      const result = await getPaste(server.baseUrl, created.slug, caller);
      const view = expectOk(result, pasteViewSchema);
      expect(view).toMatchObject({ canEdit: false });
      expect(view.id).toBeUndefined();
      expect(result.text).not.toContain(created.id);
    }

    const locked = await make({ content: 'hidden', password: 'pw-1' });
    const lockedView = async (caller: { token?: string }) =>
      expectOk(await getPaste(server.baseUrl, locked.slug, caller), lockedPasteViewSchema);
    expect((await lockedView({ token })).id).toBe(locked.id);
    expect((await lockedView({})).id).toBeUndefined();
    const unlocked = expectOk(await unlock(locked.slug, 'pw-1'), pasteViewSchema);
    expect(unlocked.id).toBeUndefined();
  });
});
