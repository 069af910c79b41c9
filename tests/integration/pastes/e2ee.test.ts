// End-to-end encrypted pastes: the server takes only sealed text, stores and serves it as it came,
// renders nothing of it, and a page that asks first (`reveal=ask`) spends no view before it knows
// the visitor holds the key. Its link preview says it is encrypted. On SQLite and PostgreSQL.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPasteEndpoints,
  createPaste as createPasteEndpoint,
  rawPaste,
  unlockPaste,
  viewPaste,
} from '@shared/api/paste.endpoints';
import { lockedPasteViewSchema, pasteRevealViewSchema, pasteViewSchema } from '@shared/api/paste.schema';
import { newSecret } from '@shared/e2ee/keys';
import { openPaste, sealPaste } from '@shared/e2ee/share';
import { ErrorCode } from '@shared/errors';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { login } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { createPaste, viewsOf } from './paste-helpers';

type Dialect = 'sqlite' | 'postgres';
const plaintext = '# Quarterly numbers\n\nThe secret figure is 4217.';

describe.each<Dialect>(['sqlite', 'postgres'])('end-to-end encrypted pastes on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'clipdock-e2ee-'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Clipdock</title><div id="root"></div>');
    const env = dialect === 'postgres' ? { DATABASE_URL: await createTestDatabase('paste_e2ee') } : {};
    server = await startTestServer({ staticDir: webDir, env });
    ({ token } = await login(server.baseUrl));
  });
  afterAll(async () => {
    await server.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const anyone = () => testApi(server.baseUrl);
  const admin = () => testApi(server.baseUrl, asAdmin(token));
  const ask = (slug: string) =>
    anyone().send(viewPaste, { params: { slug }, query: { render: 'html', reveal: 'ask' } });

  it('refuses plain text sent as encrypted, naming the content', async () => {
    for (const content of [plaintext, 'e2ee1:', 'e2ee1:not base64url!']) {
      const refused = await admin().send(createPasteEndpoint, { body: { content, e2ee: true } });
      expectError(refused, 400, ErrorCode.ValidationFailed);
      expect(refused.text).toContain('content');
    }
  });

  it('stores and serves the sealed text only, renders none of it, and spends no view on asking', async () => {
    const secret = newSecret();
    const sealed = await sealPaste(secret, plaintext);
    const { slug } = await createPaste(server.baseUrl, { content: sealed, e2ee: true }, { token });

    for (let i = 0; i < 5; i += 1) {
      expect(expectOk(await ask(slug), pasteRevealViewSchema)).toEqual({
        slug,
        requiresReveal: true,
        viewsLeft: null,
        e2ee: true,
      });
      const page = await call(server.baseUrl, 'GET', `/paste/${slug}`);
      expect(page.text).not.toMatch(/Quarterly|4217/);
      expect(page.text).toContain('end-to-end encrypted');
    }
    expect(await viewsOf(server.db, slug)).toBe(0);

    const read = pasteViewSchema.parse(await anyone().ok(viewPaste, { params: { slug }, query: { render: 'html' } }));
    expect(read).toMatchObject({ content: sealed, e2ee: true, views: 1 });
    expect(read.html).toBeUndefined();
    expect(await openPaste(secret, read.content)).toBe(plaintext);
    const raw = await anyone().send(rawPaste, { params: { slug } });
    expect(raw.text).toBe(sealed);

    const stored = await server.db.selectFrom('pastes').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toMatch(/Quarterly|4217/);
    expect(stored.e2ee).toBe(1);
  });

  it('keeps a view limit and a password on top, and says it is encrypted before the password', async () => {
    const secret = newSecret();
    const limited = await createPaste(
      server.baseUrl,
      { content: await sealPaste(secret, plaintext), e2ee: true, maxViews: 2 },
      { token },
    );
    expect(expectOk(await ask(limited.slug), pasteRevealViewSchema)).toEqual({
      slug: limited.slug,
      requiresReveal: true,
      viewsLeft: 2,
      e2ee: true,
    });
    const locked = await createPaste(
      server.baseUrl,
      { content: await sealPaste(secret, plaintext), e2ee: true, password: 'hunter22' },
      { token },
    );
    expect(expectOk(await ask(locked.slug), lockedPasteViewSchema)).toMatchObject({
      requiresPassword: true,
      e2ee: true,
    });
    const unlocked = await anyone().ok(unlockPaste, { params: { slug: locked.slug }, body: { password: 'hunter22' } });
    expect(await openPaste(secret, unlocked.content)).toBe(plaintext);
  });

  it('keeps an encrypted paste sealed when its owner edits it', async () => {
    const { slug, id } = await createPaste(
      server.baseUrl,
      { content: await sealPaste(newSecret(), plaintext), e2ee: true },
      { token },
    );
    const edit = (content: string) => ({ params: { id }, body: { content } });
    await admin().fails(adminPasteEndpoints.update, edit('now in plain text'), 400, ErrorCode.ValidationFailed);
    await admin().ok(adminPasteEndpoints.update, edit(await sealPaste(newSecret(), 'replaced')));
    expect(await viewsOf(server.db, slug)).toBe(0);
  });
});
