import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminTokenCheckSchema } from '@shared/api/auth.schema';
import { ErrorCode } from '@shared/errors';
import { AdminTokenRepo } from '@server/modules/auth/admin-token.repo';
import { AdminRepo } from '@server/modules/auth/admin.repo';
import { login } from './support/auth-helpers';
import { call, expectError, expectOk } from './support/http';
import { startTestServer, testAdmin, type TestServer } from './support/test-server';

const resultSchema = z.object({ username: z.string() });

describe('POST /api/admin/change-password', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  const change = (token: string | undefined, json: unknown) =>
    call(server.baseUrl, 'POST', '/api/admin/change-password', { token, json });

  it('needs an admin token', async () => {
    expectError(
      await change(undefined, { currentPassword: testAdmin.password, newPassword: 'another password' }),
      401,
      ErrorCode.Unauthorized,
    );
    expectError(
      await change('bogus', { currentPassword: testAdmin.password, newPassword: 'another password' }),
      401,
      ErrorCode.TokenExpired,
    );
  });

  it('refuses a wrong current password with WRONG_PASSWORD', async () => {
    const { token } = await login(server.baseUrl);
    expectError(
      await change(token, { currentPassword: 'not the password', newPassword: 'another password' }),
      401,
      ErrorCode.WrongPassword,
    );
    expectOk(await call(server.baseUrl, 'GET', '/api/test/admin-token', { token }), adminTokenCheckSchema);
  });

  it('refuses a new password equal to the current one', async () => {
    const { token } = await login(server.baseUrl);
    const error = expectError(
      await change(token, { currentPassword: testAdmin.password, newPassword: testAdmin.password }),
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
    const sameName = await change(token, { currentPassword: testAdmin.password, newUsername: testAdmin.username });
    expectError(sameName, 400, ErrorCode.BadRequest);
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
    const data = expectOk(
      await change(first.token, { currentPassword: testAdmin.password, newPassword: 'a brand new password' }),
      resultSchema,
    );
    expect(data.username).toBe(testAdmin.username);
    for (const token of [first.token, second.token]) {
      expectError(await call(server.baseUrl, 'GET', '/api/test/admin-token', { token }), 401, ErrorCode.TokenExpired);
    }
    const admin = await new AdminRepo(server.db).findByUsername(testAdmin.username);
    expect(await new AdminTokenRepo(server.db).countFor(admin?.id ?? '')).toBe(0);
    expectError(
      await call(server.baseUrl, 'POST', '/api/admin/login', { json: testAdmin }),
      401,
      ErrorCode.InvalidCredentials,
    );
    await login(server.baseUrl, testAdmin.username, 'a brand new password');
  });

  it('renames the admin; the new name logs in and the old one does not', async () => {
    const { token } = await login(server.baseUrl);
    const data = expectOk(
      await change(token, { currentPassword: testAdmin.password, newUsername: 'root-user' }),
      resultSchema,
    );
    expect(data.username).toBe('root-user');
    expectError(await call(server.baseUrl, 'GET', '/api/test/admin-token', { token }), 401, ErrorCode.TokenExpired);
    expectError(
      await call(server.baseUrl, 'POST', '/api/admin/login', { json: testAdmin }),
      401,
      ErrorCode.InvalidCredentials,
    );
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
    expectError(
      await change(token, { currentPassword: testAdmin.password, newUsername: 'taken-name' }),
      409,
      ErrorCode.Conflict,
    );
  });

  it('rate-limits wrong current passwords per admin with 429 and Retry-After', async () => {
    const { token } = await login(server.baseUrl);
    for (let i = 0; i < 5; i += 1) {
      expectError(
        await change(token, { currentPassword: `wrong-${i}`, newPassword: 'another password' }),
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
