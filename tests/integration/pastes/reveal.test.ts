// The reveal step: the paste page asks with `reveal=ask`, which spends no view of a view-limited
// paste and says only how many views are left; the visitor's "Show it" reads it without the flag
// and spends exactly one. Unlimited pastes are counted as before; a protected one keeps its
// password step and its unlock counts the view. On SQLite and PostgreSQL.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlockPaste, viewPaste } from '@shared/api/paste.endpoints';
import { testApi } from '@tests/integration/support/api';
import { lockedPasteViewSchema, pasteRevealViewSchema, pasteViewSchema } from '@shared/api/paste.schema';
import { ErrorCode } from '@shared/errors';
import { login } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { createPaste, viewsOf } from './paste-helpers';

type Dialect = 'sqlite' | 'postgres';

describe.each<Dialect>(['sqlite', 'postgres'])('the reveal step of a view-limited paste on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'clipdock-reveal-'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Clipdock</title><div id="root"></div>');
    const env = dialect === 'postgres' ? { DATABASE_URL: await createTestDatabase('paste_reveal') } : {};
    server = await startTestServer({ staticDir: webDir, env });
    ({ token } = await login(server.baseUrl));
  });
  afterAll(async () => {
    await server.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const make = (body: Parameters<typeof createPaste>[1]) => createPaste(server.baseUrl, body, { token });
  const ask = (slug: string) =>
    testApi(server.baseUrl).send(viewPaste, { params: { slug }, query: { render: 'html', reveal: 'ask' } });
  const reveal = (slug: string) =>
    testApi(server.baseUrl).send(viewPaste, { params: { slug }, query: { render: 'html' } });

  it('answers only the views left, however often the page and the ask are fetched', async () => {
    const { slug } = await make({ content: '# Secret\n\nonly once', remark: 'hidden remark', maxViews: 3 });
    for (let i = 0; i < 25; i += 1) {
      expect((await call(server.baseUrl, 'GET', `/paste/${slug}`)).status).toBe(200);
      const answer = await ask(slug);
      expect(expectOk(answer, pasteRevealViewSchema)).toEqual({ slug, requiresReveal: true, viewsLeft: 3 });
      expect(answer.text).not.toMatch(/Secret|only once|hidden remark/);
    }
    expect(await viewsOf(server.db, slug)).toBe(0);

    const shown = expectOk(await reveal(slug), pasteViewSchema);
    expect(shown).toMatchObject({ content: '# Secret\n\nonly once', views: 1, maxViews: 3 });
    expect(shown.html).toContain('<h1');
    expect(await viewsOf(server.db, slug)).toBe(1);
    expect(expectOk(await ask(slug), pasteRevealViewSchema).viewsLeft).toBe(2);
    expect(await viewsOf(server.db, slug)).toBe(1);
  });

  it('lets a one-view paste be read once after any number of asks, then answers 410 to everyone', async () => {
    const { slug } = await make({ content: 'burn after reading', maxViews: 1 });
    for (let i = 0; i < 10; i += 1) expectOk(await ask(slug), pasteRevealViewSchema);
    expect(expectOk(await reveal(slug), pasteViewSchema).content).toBe('burn after reading');
    expectError(await ask(slug), 410, ErrorCode.Gone);
    expectError(await reveal(slug), 410, ErrorCode.Gone);
  });

  it('still counts each read of an unlimited paste, with or without the flag', async () => {
    const { slug } = await make({ content: 'open to all' });
    expect(expectOk(await ask(slug), pasteViewSchema)).toMatchObject({ content: 'open to all', views: 1 });
    expect(expectOk(await reveal(slug), pasteViewSchema).views).toBe(2);
    expect(await viewsOf(server.db, slug)).toBe(2);
  });

  it('keeps the password step for a protected limited paste; the unlock spends the view', async () => {
    const { slug } = await make({ content: 'guarded', password: 'pw', maxViews: 2 });
    for (let i = 0; i < 5; i += 1) expectOk(await ask(slug), lockedPasteViewSchema);
    expect(await viewsOf(server.db, slug)).toBe(0);
    const unlocked = await testApi(server.baseUrl).send(unlockPaste, {
      params: { slug },
      query: { render: 'html', reveal: 'ask' },
      body: { password: 'pw' },
    });
    expect(expectOk(unlocked, pasteViewSchema)).toMatchObject({ content: 'guarded', views: 1 });
    expect(await viewsOf(server.db, slug)).toBe(1);
  });

  it('answers 404 for an unknown slug and 400 for an unknown reveal value', async () => {
    expectError(await ask('no-such-paste'), 404, ErrorCode.NotFound);
    const bad = await call(server.baseUrl, 'GET', '/api/paste/whatever?reveal=now'); // raw: a reveal= value the contract refuses
    expect(bad.status).toBe(400);
  });
});
