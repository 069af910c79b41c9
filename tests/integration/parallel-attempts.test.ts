import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, changeAdminPassword } from '@shared/api/auth.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { loginResponseSchema } from '@shared/api/auth.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from './support/http';
import { startTestServer, testAdmin, type TestServer } from './support/test-server';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('credential checks under parallel attempts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => server.close());

  const login = (ip: string, username: string, password: string) =>
    testApi(server.baseUrl).send(adminLogin, { body: { username, password }, headers: from(ip) });

  it('60 parallel wrong logins run at most 5 checks; the rest are 429', async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login('198.51.100.1', 'admin', `wrong-${i}`)),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(55);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expectError(await login('198.51.100.1', 'admin', testAdmin.password), 429, ErrorCode.RateLimited);
  });

  it('the admin still logs in from another address', async () => {
    expectOk(await login('198.51.100.2', 'admin', testAdmin.password), loginResponseSchema);
  });

  it('one address is stopped after 20 attempts across usernames, even in parallel', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login('198.51.100.3', `user-${i}`, 'wrong password')),
    );
    expect(results.filter((result) => result.status === 401).length).toBeLessThanOrEqual(20);
    expectError(await login('198.51.100.3', 'admin', testAdmin.password), 429, ErrorCode.RateLimited);
    expectOk(await login('198.51.100.4', 'admin', testAdmin.password), loginResponseSchema);
  });

  it('a username alone takes many addresses before it is slowed down', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(`192.0.2.${i + 1}`, 'someone', 'wrong password')),
    );
    expect(results.every((result) => result.status === 401)).toBe(true);
  });

  it('a spread-out attack on a username cannot lock the admin out, and gets one guess per address once the username is full', async () => {
    const wrong = (ip: string) => login(ip, 'admin', 'wrong password');
    for (let batch = 0; batch < 10; batch += 1) {
      const results = await Promise.all(Array.from({ length: 5 }, () => wrong(`203.0.113.${batch + 1}`)));
      expect(results.every((result) => result.status === 401)).toBe(true);
    }
    const spread = await Promise.all(Array.from({ length: 150 }, (_, i) => wrong(`2001:db8::${(i + 1).toString(16)}`)));
    expect(spread.every((result) => result.status === 401)).toBe(true);
    // 200 failures for `admin`: an address that has failed already is stopped on its next try …
    expectError(await wrong('2001:db8::1'), 429, ErrorCode.RateLimited);
    expectError(await login('2001:db8::2', 'admin', testAdmin.password), 429, ErrorCode.RateLimited);
    // … while an address with a clean record still gets its check, and the admin gets in.
    expectError(await wrong('2001:db8::ffff'), 401, ErrorCode.InvalidCredentials);
    expectOk(await login('198.51.100.9', 'admin', testAdmin.password), loginResponseSchema);
  });

  it('parallel wrong current passwords run at most 5 checks', async () => {
    const { token } = expectOk(await login('198.51.100.5', 'admin', testAdmin.password), loginResponseSchema);
    const change = (currentPassword: string) =>
      testApi(server.baseUrl, asAdmin(token)).send(changeAdminPassword, {
        body: { currentPassword, newPassword: 'another long password' },
        headers: from('198.51.100.5'),
      });
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => change(`wrong current ${i}`)));
    expect(results.filter((result) => result.status === 401).length).toBeLessThanOrEqual(5);
    expect(results.filter((result) => result.status === 429).length).toBeGreaterThanOrEqual(25);
  });
});
