// One visit to a server-rendered paste page counts one view. The page's HTML reads the public
// paste as its own call would (counted); the app then adopts that answer and reads nothing for an
// anonymous visitor, and a signed-in one's second read (for the edit id) asks `reveal=editor`,
// which counts no view and is answered only to who may edit the paste. On SQLite and PostgreSQL.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewPaste } from '@shared/api/paste.endpoints';
import { testApi } from '@tests/integration/support/api';
import { lockedPasteViewSchema, pasteViewSchema } from '@shared/api/paste.schema';
import { ErrorCode } from '@shared/errors';
import { insertApiKey, login } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { createPaste, type Caller, credentialsOf, viewsOf } from './paste-helpers';

type Dialect = 'sqlite' | 'postgres';

/** index.html reduced to what the server fills in for a share page: head, frame and root. */
const pageHtml = `<!doctype html><html lang="en"><head><title>Clipdock</title></head><body>
<div id="shell-frame" class="shell" aria-hidden="true"><header class="site-header">Clipdock</header></div>
<div id="root"></div></body></html>`;

describe.each<Dialect>(['sqlite', 'postgres'])('one visit to a paste page counts one view on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'clipdock-visit-'));
    await writeFile(join(webDir, 'index.html'), pageHtml);
    const env = dialect === 'postgres' ? { DATABASE_URL: await createTestDatabase('share_page_visit') } : {};
    server = await startTestServer({ staticDir: webDir, env });
    ({ token } = await login(server.baseUrl));
  });
  afterAll(async () => {
    await server.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const editorRead = (slug: string, caller: Caller = {}) =>
    testApi(server.baseUrl).send(viewPaste, {
      params: { slug },
      query: { render: 'html', reveal: 'editor' },
      credentials: credentialsOf(caller),
      headers: caller.headers,
    });
  const textKey = () => insertApiKey(server.db, { text_permission: 1 });

  it("counts the page's HTML once, and its editor's second read not at all", async () => {
    const { slug, id } = await createPaste(
      server.baseUrl,
      { content: '# Plan\n\nship it', format: 'markdown' },
      { token },
    );
    const html = await call(server.baseUrl, 'GET', `/paste/${slug}`);
    expect(html.status).toBe(200);
    expect(html.text).toContain('ship it');
    expect(await viewsOf(server.db, slug)).toBe(1);

    const read = expectOk(await editorRead(slug, { token }), pasteViewSchema);
    expect(read).toMatchObject({ id, slug, views: 1, content: '# Plan\n\nship it' });
    expect(read.html).toContain('<h1');
    expect(await viewsOf(server.db, slug)).toBe(1);
  });

  it('answers the editor read to the key that wrote the paste, and refuses every other caller', async () => {
    const author = await textKey();
    const other = await textKey();
    const { slug, id } = await createPaste(server.baseUrl, { content: 'by a key' }, { apiKey: author.key });
    expect(expectOk(await editorRead(slug, { apiKey: author.key }), pasteViewSchema)).toMatchObject({ id, views: 0 });
    expectError(await editorRead(slug, { apiKey: other.key }), 403, ErrorCode.Forbidden);
    const anonymous = expectError(await editorRead(slug), 403, ErrorCode.Forbidden);
    expect(JSON.stringify(anonymous)).not.toContain('by a key');
    expect(await viewsOf(server.db, slug)).toBe(0);
  });

  it("spends no view of a limited paste, and keeps a protected one's password step", async () => {
    const limited = await createPaste(server.baseUrl, { content: 'once', maxViews: 1 }, { token });
    expect(expectOk(await editorRead(limited.slug, { token }), pasteViewSchema).content).toBe('once');
    expect(await viewsOf(server.db, limited.slug)).toBe(0);
    const locked = await createPaste(server.baseUrl, { content: 'secret', password: 'hunter22' }, { token });
    const answer = expectOk(await editorRead(locked.slug, { token }), lockedPasteViewSchema);
    expect(JSON.stringify(answer)).not.toContain('secret');
    expect(await viewsOf(server.db, locked.slug)).toBe(0);
  });

  it('says 404 for a missing paste and 400 for an unknown reveal', async () => {
    expectError(await editorRead('no-such-paste', { token }), 404, ErrorCode.NotFound);
    const { slug } = await createPaste(server.baseUrl, { content: 'x' }, { token });
    // raw: a reveal= value the contract refuses
    expect((await call(server.baseUrl, 'GET', `/api/paste/${slug}?reveal=everyone`)).status).toBe(400);
    expect(await viewsOf(server.db, slug)).toBe(0);
  });
});
