// An encrypted paste's lock (docs/encryption.md, "The lock"): the key check and a passphrase's
// Argon2id parameters are stored beside the sealed text and answered by the view-free `reveal=ask`
// (and before a password), so the page's own gate (unseal-paste.ts) tells a wrong key or passphrase
// without spending the view of a view-limited paste. Bad locks are refused. On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewPaste } from '@shared/api/paste.endpoints';
import { testApi } from '@tests/integration/support/api';
import { lockedPasteViewSchema, pasteRevealViewSchema, pasteViewSchema } from '@shared/api/paste.schema';
import { newSecret } from '@shared/e2ee/keys';
import { type Kdf, lockFor, matchesLock, newKdf } from '@shared/e2ee/lock';
import { secretFromPassphrase } from '@shared/e2ee/passphrase';
import { openPaste, sealPaste } from '@shared/e2ee/share';
import { ErrorCode } from '@shared/errors';
import { keyGate } from '@ui/features/pastes/view/unseal-paste';
import { login } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { createPaste, viewsOf } from './paste-helpers';

type Dialect = 'sqlite' | 'postgres';
const plaintext = 'The vault code is 7731.';
/** The cheapest parameters a reader accepts: these tests are about the lock, not Argon2id's cost. */
const cheap = (): Kdf => newKdf({ memory: 8192, iterations: 1, parallelism: 1 });

describe.each<Dialect>(['sqlite', 'postgres'])('encrypted paste locks on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    const env = dialect === 'postgres' ? { DATABASE_URL: await createTestDatabase('paste_e2ee_lock') } : {};
    server = await startTestServer({ env });
    ({ token } = await login(server.baseUrl));
  });
  afterAll(async () => {
    await server.close();
  });

  const ask = async (slug: string) =>
    expectOk(
      await testApi(server.baseUrl).send(viewPaste, { params: { slug }, query: { render: 'html', reveal: 'ask' } }),
      pasteRevealViewSchema,
    );

  it('answers the lock without spending a view, so a wrong key stops before the view', async () => {
    const secret = newSecret();
    const lock = await lockFor(secret);
    const { slug } = await createPaste(
      server.baseUrl,
      { content: await sealPaste(secret, plaintext), e2ee: true, e2eeLock: lock, maxViews: 1 },
      { token },
    );
    const asked = await ask(slug);
    expect(asked).toEqual({ slug, requiresReveal: true, viewsLeft: 1, e2ee: true, e2eeLock: lock });
    // The page's gate with another key: told at once, and the one view is still there.
    expect(await keyGate(asked, newSecret())).toEqual({ status: 'sealed', problem: 'wrong-key' });
    expect(await keyGate(await ask(slug), null)).toEqual({ status: 'sealed', problem: 'no-key' });
    expect(await viewsOf(server.db, slug)).toBe(0);
    // The right key passes the gate; only then is the view spent, and the text opens.
    expect(await keyGate(await ask(slug), secret)).toBeNull();
    const read = expectOk(await testApi(server.baseUrl).send(viewPaste, { params: { slug } }), pasteViewSchema);
    expect(read.e2eeLock).toEqual(lock);
    expect(await openPaste(secret, read.content)).toBe(plaintext);
    // That was its one view.
    expectError(
      await testApi(server.baseUrl).send(viewPaste, { params: { slug }, query: { reveal: 'ask' } }),
      410,
      ErrorCode.Gone,
    );
  });

  it('keeps a passphrase paste’s parameters: a wrong passphrase spends nothing, the right one opens it', async () => {
    const kdf = cheap();
    const secret = await secretFromPassphrase('correct horse battery staple', kdf);
    const { slug } = await createPaste(
      server.baseUrl,
      { content: await sealPaste(secret, plaintext), e2ee: true, e2eeLock: await lockFor(secret, kdf), maxViews: 2 },
      { token },
    );
    const asked = await ask(slug);
    const gate = await keyGate(asked, null);
    expect(gate).toMatchObject({ status: 'passphrase', kdf });
    expect(await matchesLock(await secretFromPassphrase('Correct horse battery staple', kdf), asked.e2eeLock)).toBe(
      false,
    );
    expect(await viewsOf(server.db, slug)).toBe(0);
    const again = await secretFromPassphrase('correct horse battery staple', kdf);
    expect(await matchesLock(again, asked.e2eeLock)).toBe(true);
    const read = expectOk(await testApi(server.baseUrl).send(viewPaste, { params: { slug } }), pasteViewSchema);
    expect(await openPaste(again, read.content)).toBe(plaintext);
    const stored = await server.db.selectFrom('pastes').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toMatch(/7731|horse/);
  });

  it('says the lock before a password, so a wrong key is told before the unlock spends a view', async () => {
    const secret = newSecret();
    const lock = await lockFor(secret);
    const { slug } = await createPaste(
      server.baseUrl,
      { content: await sealPaste(secret, plaintext), e2ee: true, e2eeLock: lock, password: 'hunter22', maxViews: 1 },
      { token },
    );
    const locked = expectOk(
      await testApi(server.baseUrl).send(viewPaste, { params: { slug }, query: { reveal: 'ask' } }),
      lockedPasteViewSchema,
    );
    expect(locked).toMatchObject({ requiresPassword: true, e2ee: true, e2eeLock: lock });
    expect(await keyGate(locked, newSecret())).toEqual({ status: 'sealed', problem: 'wrong-key' });
    expect(await viewsOf(server.db, slug)).toBe(0);
  });

  it('refuses a lock on a plain paste, and a malformed or too costly one, naming it', async () => {
    const secret = newSecret();
    const sealed = await sealPaste(secret, plaintext);
    const lock = await lockFor(secret);
    // raw: locks the contract refuses
    const post = (json: Record<string, unknown>) => call(server.baseUrl, 'POST', '/api/paste', { token, json });
    const plain = await post({ content: plaintext, e2eeLock: lock });
    expectError(plain, 400, ErrorCode.ValidationFailed);
    expect(plain.text).toContain('e2eeLock');
    for (const bad of [
      { check: 'short' },
      { ...lock, kdf: { ...cheap(), m: 4 * 1024 * 1024 } },
      { ...lock, kdf: { ...cheap(), alg: 'scrypt' } },
      { ...lock, kdf: { ...cheap(), salt: 'not-a-salt' } },
    ]) {
      const refused = await post({ content: sealed, e2ee: true, e2eeLock: bad });
      expectError(refused, 400, ErrorCode.ValidationFailed);
      expect(refused.text).toContain('e2eeLock');
    }
  });
});
