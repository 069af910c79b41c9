import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawPaste, unlockPaste } from '@shared/api/paste.endpoints';
import { testApi } from '@tests/integration/support/api';
import { pasteViewSchema } from '@shared/api/paste.schema';
import { ErrorCode } from '@shared/errors';
import { login } from '@tests/integration/support/auth-helpers';
import { expectError, expectOk } from '@tests/integration/support/http';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { createPaste } from './paste-helpers';

describe('paste password attempts', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    token = (await login(server.baseUrl)).token;
  });
  afterAll(() => server.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const locked = (content: string) => createPaste(server.baseUrl, { content, password: 'the right one' }, { token });
  const unlock = (slug: string, password: string, ip: string) =>
    testApi(server.baseUrl).send(unlockPaste, { params: { slug }, body: { password }, headers: from(ip) });
  const raw = (slug: string, password: string, ip: string) =>
    testApi(server.baseUrl).send(rawPaste, { params: { slug }, query: { password }, headers: from(ip) });

  it('60 parallel wrong unlocks run at most 5 checks; another address still gets in', async () => {
    const { slug } = await locked('secret');
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => unlock(slug, `guess ${i}`, '203.0.113.10')));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(55);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expectError(await unlock(slug, 'the right one', '203.0.113.10'), 429, ErrorCode.RateLimited);
    expect(expectOk(await unlock(slug, 'the right one', '203.0.113.11'), pasteViewSchema).content).toBe('secret');
  });

  it('after 20 addresses × 5 wrong passwords the guessers are stopped, and the right password from a clean address gets in', async () => {
    const { slug } = await locked('spread out');
    const guessers = Array.from({ length: 20 }, (_, i) => `198.51.100.${i + 1}`);
    for (const ip of guessers) {
      for (let n = 0; n < 5; n += 1) expectError(await unlock(slug, `wrong ${n}`, ip), 401, ErrorCode.WrongPassword);
    }
    for (const ip of guessers) expectError(await unlock(slug, 'the right one', ip), 429, ErrorCode.RateLimited);
    expect(expectOk(await unlock(slug, 'the right one', '198.51.100.200'), pasteViewSchema).content).toBe('spread out');
  });

  it('counts ?password= on the raw link under the same limits', async () => {
    const { slug } = await locked('raw secret');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => raw(slug, `guess ${i}`, '203.0.113.12')));
    expect(results.filter((result) => result.status === 401).length).toBeLessThanOrEqual(5);
    expectError(await unlock(slug, 'the right one', '203.0.113.12'), 429, ErrorCode.RateLimited);
    const served = await raw(slug, 'the right one', '203.0.113.13');
    expect(served.status).toBe(200);
    expect(served.text).toBe('raw secret');
  });
});
