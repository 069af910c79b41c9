import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminLogin, changeAdminPassword, checkAdminToken } from '@shared/api/auth.endpoints';
import { ErrorCode } from '@shared/errors';
import type { BodyOf } from '@shared/http/endpoint';
import { AdminTokenRepo } from '@server/modules/auth/admin-token.repo';
import { AdminRepo } from '@server/modules/auth/admin.repo';
import { asAdmin, testApi } from './support/api';
import { login } from './support/auth-helpers';
import { call, expectError } from './support/http';
import { startTestServer, testAdmin, type TestServer } from './support/test-server';

describe('POST /api/admin/change-password', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  /** Bodies the contract refuses on purpose go raw; the rest through the typed client. */
  const change = (token: string | undefined, json: unknown) =>
    call(server.baseUrl, 'POST', '/api/admin/change-password', { token, json }); // raw: bodies the contract refuses
  type Change = BodyOf<typeof changeAdminPassword>;
  const as = (token?: string) => testApi(server.baseUrl, token === undefined ? null : asAdmin(token));
  const changed = (token: string, body: Change) => as(token).ok(changeAdminPassword, { body });
  const refused = (token: string | undefined, body: Change, status: number, code: ErrorCode) =>
    as(token).fails(changeAdminPassword, { body }, status, code);
  const tokenEnded = (token: string) => as(token).fails(checkAdminToken, {}, 401, ErrorCode.TokenExpired);
  const oldLoginRefused = () => as().fails(adminLogin, { body: testAdmin }, 401, ErrorCode.InvalidCredentials);

  it('needs an admin token', async () => {
    const body = { currentPassword: testAdmin.password, newPassword: 'another password' };
    await refused(undefined, body, 401, ErrorCode.Unauthorized);
    await refused('bogus', body, 401, ErrorCode.TokenExpired);
  });

  it('refuses a wrong current password with WRONG_PASSWORD', async () => {
    const { token } = await login(server.baseUrl);
    await refused(
      token,
      { currentPassword: 'not the password', newPassword: 'another password' },
      401,
      ErrorCode.WrongPassword,
    );
    await as(token).ok(checkAdminToken, {});
  });

  it('refuses a new password equal to the current one', async () => {
    const { token } = await login(server.baseUrl);
    const error = await refused(
      token,
      { currentPassword: testAdmin.password, newPassword: testAdmin.password },
      400,
      ErrorCode.BadRequest,
    );
    expect(error.message).toContain('newPassword');
  });

  it('refuses a request with nothing to change', async () => {
    const { token } = await login(server.baseUrl);
    const nothing = expectError(
      await change(token, { currentPassword: testAdmin.password }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(nothing.message).toMatch(/newUsername or newPassword/);
    await refused(
      token,
      { currentPassword: testAdmin.password, newUsername: testAdmin.username },
      400,
      ErrorCode.BadRequest,
    );
  });

  it('refuses a too-short new password naming the field, and a missing current password', async () => {
    const { token } = await login(server.baseUrl);
    const short = expectError(
      await change(token, { currentPassword: testAdmin.password, newPassword: 'short' }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(short.data.issues?.map((i) => i.path)).toEqual(['newPassword']);
    const missing = expectError(
      await change(token, { newPassword: 'another password' }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(missing.message).toContain('currentPassword');
  });

  it('changes the password and ends every session of the admin', async () => {
    const first = await login(server.baseUrl);
    const second = await login(server.baseUrl);
    const data = await changed(first.token, {
      currentPassword: testAdmin.password,
      newPassword: 'a brand new password',
    });
    expect(data.username).toBe(testAdmin.username);
    for (const token of [first.token, second.token]) await tokenEnded(token);
    const admin = await new AdminRepo(server.db).findByUsername(testAdmin.username);
    expect(await new AdminTokenRepo(server.db).countFor(admin?.id ?? '')).toBe(0);
    await oldLoginRefused();
    await login(server.baseUrl, testAdmin.username, 'a brand new password');
  });

  it('renames the admin; the new name logs in and the old one does not', async () => {
    const { token } = await login(server.baseUrl);
    const data = await changed(token, { currentPassword: testAdmin.password, newUsername: 'root-user' });
    expect(data.username).toBe('root-user');
    await tokenEnded(token);
    await oldLoginRefused();
    const renamed = await login(server.baseUrl, 'root-user', testAdmin.password);
    expect(renamed.username).toBe('root-user');
  });

  it('refuses a username that another admin holds with 409', async () => {
    const now = new Date().toISOString();
    await server.db
      .insertInto('admins')
      .values({ id: crypto.randomUUID(), username: 'taken-name', password_hash: 'x', created_at: now, updated_at: now })
      .execute();
    const { token } = await login(server.baseUrl);
    await refused(token, { currentPassword: testAdmin.password, newUsername: 'taken-name' }, 409, ErrorCode.Conflict);
  });

  it('rate-limits wrong current passwords per admin with 429 and Retry-After', async () => {
    const { token } = await login(server.baseUrl);
    for (let i = 0; i < 5; i += 1) {
      await refused(
        token,
        { currentPassword: `wrong-${i}`, newPassword: 'another password' },
        401,
        ErrorCode.WrongPassword,
      );
    }
    const limited = await change(token, { currentPassword: testAdmin.password, newPassword: 'another password' });
    const error = expectError(limited, 429, ErrorCode.RateLimited);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(error.data.retryAfterSeconds).toBe(Number(limited.headers.get('retry-after')));
  });
});
