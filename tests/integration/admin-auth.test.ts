import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '@server/db/repositories';
import { z } from 'zod';
import { adminLogin, adminLogout, checkAdminToken } from '@shared/api/auth.endpoints';
import { loginResponseSchema } from '@shared/api/auth.schema';
import { ErrorCode } from '@shared/errors';
import { ADMIN_TOKEN_TTL_MS } from '@shared/limits';
import { AdminTokenRepo } from '@server/modules/auth/admin-token.repo';
import { AdminRepo } from '@server/modules/auth/admin.repo';
import { newToken, sha256Hex } from '@server/lib/crypto-random';
import { adminTokenSweepTask } from '@server/modules/auth/admin-session.service';
import { asAdmin, testApi } from './support/api';
import { login } from './support/auth-helpers';
import { ManualClock } from '@tests/support/manual-clock';
import { call, expectError, expectOk } from './support/http';
import { startTestServer, testAdmin, type TestServer } from './support/test-server';

describe('admin login, token check and logout', () => {
  let server: TestServer;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(() => server.close());
  const checkToken = (token: string) => testApi(server.baseUrl, asAdmin(token)).ok(checkAdminToken, {});
  const tokenRefused = (token: string) =>
    testApi(server.baseUrl, asAdmin(token)).fails(checkAdminToken, {}, 401, ErrorCode.TokenExpired);

  it('logs in, returns a 24 h token and stores only its hash', async () => {
    const data = await login(server.baseUrl);
    expect(data.username).toBe(testAdmin.username);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(data.expiresAt) - clock.now()).toBe(ADMIN_TOKEN_TTL_MS);
    const rows = await server.db.selectFrom('admin_tokens').selectAll().execute();
    expect(rows.some((r) => r.token_hash === sha256Hex(data.token))).toBe(true);
    expect(rows.some((r) => r.token_hash === data.token)).toBe(false);
  });

  it('stores the admin password as an argon2id hash', async () => {
    const admin = await new AdminRepo(server.db).findByUsername(testAdmin.username);
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('accepts a valid token on /api/test/admin-token', async () => {
    const { token } = await login(server.baseUrl);
    const data = await checkToken(token);
    expect(data.username).toBe(testAdmin.username);
  });

  it('refuses a missing token with UNAUTHORIZED and a bad one with TOKEN_EXPIRED', async () => {
    await testApi(server.baseUrl).fails(checkAdminToken, {}, 401, ErrorCode.Unauthorized);
    await tokenRefused('not-a-token');
    // raw: an Authorization scheme the typed client never sends
    const wrongScheme = await call(server.baseUrl, 'GET', '/api/test/admin-token', {
      headers: { authorization: 'Token abc' },
    });
    expectError(wrongScheme, 401, ErrorCode.Unauthorized);
  });

  it('refuses an expired token and deletes it', async () => {
    const admin = await new AdminRepo(server.db).findByUsername(testAdmin.username);
    if (admin === undefined) throw new Error('seeded admin missing');
    const token = newToken();
    const tokens = new AdminTokenRepo(server.db);
    await tokens.insert({
      token_hash: sha256Hex(token),
      admin_id: admin.id,
      expires_at: new Date(clock.now() - 1_000).toISOString(),
      created_at: new Date(clock.now() - ADMIN_TOKEN_TTL_MS).toISOString(),
    });
    await tokenRefused(token);
    expect(await tokens.findWithUser(sha256Hex(token))).toBeUndefined();
  });

  it('sweeps tokens of sessions that expired without a logout, and keeps live ones', async () => {
    const stale = await login(server.baseUrl);
    clock.advance(ADMIN_TOKEN_TTL_MS / 2);
    const fresh = await login(server.baseUrl);
    const task = adminTokenSweepTask(createRepositories(server.db));
    expect(await task.run(clock.now())).toBe(0);
    clock.advance(ADMIN_TOKEN_TTL_MS / 2);
    expect(await task.run(clock.now())).toBeGreaterThanOrEqual(1);
    const hashes = (await server.db.selectFrom('admin_tokens').select('token_hash').execute()).map(
      (row) => row.token_hash,
    );
    expect(hashes).not.toContain(sha256Hex(stale.token));
    expect(hashes).toContain(sha256Hex(fresh.token));
    await checkToken(fresh.token);
  });

  it('logs out: the same token no longer works, other sessions do', async () => {
    const first = await login(server.baseUrl);
    const second = await login(server.baseUrl);
    expect(await testApi(server.baseUrl, asAdmin(first.token)).ok(adminLogout, {})).toBeNull();
    await tokenRefused(first.token);
    await testApi(server.baseUrl, asAdmin(first.token)).fails(adminLogout, {}, 401, ErrorCode.TokenExpired);
    await checkToken(second.token);
  });

  it('refuses logout without a token', async () => {
    await testApi(server.baseUrl).fails(adminLogout, {}, 401, ErrorCode.Unauthorized);
  });

  it('names the missing field', async () => {
    const noPassword = expectError(
      // raw: a body the contract refuses (no password)
      await call(server.baseUrl, 'POST', '/api/admin/login', { json: { username: 'admin' } }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(noPassword.message).toBe('password: password is required');
    expect(noPassword.data.issues?.map((i) => i.path)).toEqual(['password']);

    const emptyUser = await testApi(server.baseUrl).fails(
      adminLogin,
      { body: { username: '', password: 'x' } },
      400,
      ErrorCode.ValidationFailed,
    );
    expect(emptyUser.envelope.message).toContain('username');
    expect(emptyUser.envelope.data.issues?.map((i) => i.path)).toEqual(['username']);
  });

  it('refuses malformed JSON, an empty body and a non-object body with 400', async () => {
    // raw: malformed JSON, no body and a non-object body, which the typed client cannot send
    const malformed = await call(server.baseUrl, 'POST', '/api/admin/login', {
      body: '{"username": "admin",',
      headers: { 'content-type': 'application/json' },
    });
    expectError(malformed, 400, ErrorCode.BadRequest);
    // No body reads as {}: the missing fields are named.
    // raw: no body at all
    const empty = expectError(await call(server.baseUrl, 'POST', '/api/admin/login'), 400, ErrorCode.ValidationFailed);
    expect(empty.message).toContain('username is required');
    expectError(
      // raw: an array where the contract wants an object
      await call(server.baseUrl, 'POST', '/api/admin/login', { json: [1, 2] }),
      400,
      ErrorCode.ValidationFailed,
    );
  });

  it('refuses an oversized body with 413', async () => {
    const huge = { username: 'admin', password: 'x'.repeat(40_000) };
    await testApi(server.baseUrl).fails(adminLogin, { body: huge }, 413, ErrorCode.PayloadTooLarge);
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const refused = (username: string) =>
      testApi(server.baseUrl).fails(
        adminLogin,
        { body: { username, password: 'wrong password' } },
        401,
        ErrorCode.InvalidCredentials,
      );
    const wrongPassword = await refused('admin');
    const unknownUser = await refused('nobody');
    expect(unknownUser.message).toBe(wrongPassword.message);
    expect(JSON.stringify(server.logs)).not.toContain('wrong password');
  });

  it('never returns a password or hash in the login response', async () => {
    const result = await testApi(server.baseUrl).send(adminLogin, { body: testAdmin });
    const data = expectOk(result, z.strictObject(loginResponseSchema.shape));
    expect(result.text).not.toContain(testAdmin.password);
    expect(result.text).not.toContain('argon2');
    expect(Object.keys(data).sort()).toEqual(['expiresAt', 'token', 'username']);
  });
});
