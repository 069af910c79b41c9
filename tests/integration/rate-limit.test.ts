import { afterEach, describe, expect, it } from 'vitest';
import { adminLogin } from '@shared/api/auth.endpoints';
import { testApi } from '@tests/integration/support/api';
import { ErrorCode } from '@shared/errors';
import { login } from './support/auth-helpers';
import { expectError } from './support/http';
import { ManualClock } from '@tests/support/manual-clock';
import { startTestServer, testAdmin, type TestServer } from './support/test-server';

const fifteenMinutes = 15 * 60 * 1000;

describe('login rate limits', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const attempt = (s: TestServer, username: string, password: string) =>
    testApi(s.baseUrl).send(adminLogin, { body: { username, password } });

  it('blocks a username after 5 failures with 429, Retry-After and retryAfterSeconds', async () => {
    const clock = new ManualClock();
    server = await startTestServer({ clock });
    for (let i = 0; i < 5; i += 1)
      expectError(await attempt(server, 'admin', `wrong-${i}`), 401, ErrorCode.InvalidCredentials);

    const blocked = await attempt(server, 'admin', testAdmin.password);
    const error = expectError(blocked, 429, ErrorCode.RateLimited);
    expect(blocked.headers.get('retry-after')).toBe(String(fifteenMinutes / 1000));
    expect(error.data.retryAfterSeconds).toBe(fifteenMinutes / 1000);

    const otherCase = await attempt(server, 'ADMIN', testAdmin.password);
    expectError(otherCase, 429, ErrorCode.RateLimited);

    clock.advance(fifteenMinutes - 60_000);
    expect((await attempt(server, 'admin', testAdmin.password)).headers.get('retry-after')).toBe('60');
    clock.advance(60_000);
    await login(server.baseUrl);
  });

  it('resets the username counter after a successful login', async () => {
    server = await startTestServer();
    for (let i = 0; i < 4; i += 1)
      expectError(await attempt(server, 'admin', `wrong-${i}`), 401, ErrorCode.InvalidCredentials);
    await login(server.baseUrl);
    for (let i = 0; i < 4; i += 1)
      expectError(await attempt(server, 'admin', `again-${i}`), 401, ErrorCode.InvalidCredentials);
    await login(server.baseUrl);
  });

  it('blocks an IP after 20 failures across usernames', async () => {
    server = await startTestServer();
    for (let i = 0; i < 20; i += 1) {
      expectError(await attempt(server, `user-${i}`, 'wrong password'), 401, ErrorCode.InvalidCredentials);
    }
    const blocked = await attempt(server, 'admin', testAdmin.password);
    expectError(blocked, 429, ErrorCode.RateLimited);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
