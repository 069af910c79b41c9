import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QueryOf } from '@shared/http/endpoint';
import { rawPaste, unlockPaste } from '@shared/api/paste.endpoints';
import { testApi } from '@tests/integration/support/api';
import { login } from '@tests/integration/support/auth-helpers';
import { ManualClock } from '@tests/support/manual-clock';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { createPaste, viewsOf } from './paste-helpers';

describe('GET /api/raw/:slug', () => {
  let server: TestServer;
  let token: string;
  const clock = new ManualClock(Date.now());
  beforeEach(async () => {
    server = await startTestServer({ clock });
    token = (await login(server.baseUrl)).token;
  });
  afterEach(() => server.close());

  const raw = (slug: string, query: QueryOf<typeof rawPaste> = {}) =>
    testApi(server.baseUrl).send(rawPaste, { params: { slug }, query });
  const make = (body: Parameters<typeof createPaste>[1]) => createPaste(server.baseUrl, body, { token });

  it('returns the bare text with safe headers and counts a view', async () => {
    const { slug } = await make({ content: '<script>alert(1)</script>' });
    const result = await raw(slug);
    expect(result.status).toBe(200);
    expect(result.text).toBe('<script>alert(1)</script>');
    expect(result.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    expect(result.headers.get('content-disposition')).toBe(`inline; filename="${slug}.txt"`);
    expect(result.headers.get('cache-control')).toBe('no-store');
    expect(await viewsOf(server.db, slug)).toBe(1);
  });

  it('answers errors as plain text with the right status', async () => {
    const missing = await raw('nope');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(missing.text).toBe('paste not found\n');
    const { slug } = await make({ content: 'once', maxViews: 1 });
    expect((await raw(slug)).text).toBe('once');
    const gone = await raw(slug);
    expect(gone.status).toBe(410);
    expect(gone.text).toMatch(/expired or reached its view limit/);
  });

  it('needs the password or a token for a protected paste', async () => {
    const { slug } = await make({ content: 'secret text', password: 'pw-9' });
    const bare = await raw(slug);
    expect(bare.status).toBe(401);
    expect(bare.body).toBeUndefined();
    expect((await raw(slug, { password: 'wrong' })).status).toBe(401);
    expect(await viewsOf(server.db, slug)).toBe(0);
    const ok = await raw(slug, { password: 'pw-9' });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('secret text');
  });

  it('accepts the token from an unlock for 5 minutes and refuses tampered or expired ones', async () => {
    const { slug } = await make({ content: 'secret text', password: 'pw-9' });
    const unlocked = await testApi(server.baseUrl).ok(unlockPaste, { params: { slug }, body: { password: 'pw-9' } });
    const rawToken = unlocked.rawToken ?? '';
    const good = await raw(slug, { token: rawToken });
    expect(good.status).toBe(200);
    expect(good.text).toBe('secret text');
    expect(await viewsOf(server.db, slug)).toBe(2);

    const [expiry = '', signature = ''] = rawToken.split('.');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await raw(slug, { token: `${expiry}.${flipped}` })).status).toBe(401);
    expect((await raw(slug, { token: `${Number(expiry) + 600}.${signature}` })).status).toBe(401);
    const other = await make({ content: 'other', password: 'pw-9' });
    expect((await raw(other.slug, { token: rawToken })).status).toBe(401);

    clock.advance(5 * 60 * 1000 + 1000);
    const expired = await raw(slug, { token: rawToken });
    expect(expired.status).toBe(401);
    expect(expired.text).toBe('raw token is invalid or expired\n');
  });
});
