// Two server processes on one PostgreSQL database behave as one: attempt limits are counted
// once for both, a one-view file's paid visit goes on from either, a logout or a revoked key is
// refused by the other at once, and a cache clear on one empties the other's caches within a second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { z } from 'zod';
import { apiKeyCheckSchema, adminTokenCheckSchema } from '@shared/api/auth.schema';
import { createdApiKeySchema } from '@shared/api/api-key.schema';
import { cacheStatsSchema } from '@shared/api/cache.schema';
import { commitResponseSchema } from '@shared/api/upload.schema';
import { publicFileSchema } from '@shared/api/file-share.schema';
import { systemSettingsSchema } from '@shared/api/settings.schema';
import { ErrorCode } from '@shared/errors';
import { createPaste } from '@tests/integration/pastes/paste-helpers';
import { login } from '@tests/integration/support/auth-helpers';
import { startCluster, type Cluster } from '@tests/integration/support/cluster';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { testAdmin } from '@tests/integration/support/test-server';

describe('two instances on one PostgreSQL', () => {
  let cluster: Cluster;
  let a: string;
  let b: string;
  let token: string;
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase('cluster');
    cluster = await startCluster(databaseUrl, 2, { TRUST_PROXY: 'true' });
    [a, b] = cluster.instances.map((instance) => instance.baseUrl) as [string, string];
    ({ token } = await login(a));
  }, 120_000);
  afterAll(() => cluster?.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const both = () => [a, b];

  it('migrated and seeded once although both started together', () => {
    const migrated = cluster.instances.filter((instance) =>
      instance.logs.some((line) => line.includes('migration applied')),
    );
    expect(migrated).toHaveLength(1);
    const seeded = cluster.instances.filter((instance) => instance.logs.some((line) => line.includes('created admin')));
    expect(seeded).toHaveLength(1);
  });

  it('counts wrong admin passwords spread over both: the 6th is refused on either, as on one', async () => {
    const username = 'nobody-here';
    for (let i = 0; i < 5; i += 1) {
      const wrong = await call(both()[i % 2] ?? a, 'POST', '/api/admin/login', {
        json: { username, password: `wrong ${i}` },
      });
      expectError(wrong, 401, ErrorCode.InvalidCredentials);
    }
    for (const url of both()) {
      const refused = await call(url, 'POST', '/api/admin/login', { json: { username, password: 'wrong again' } });
      expectError(refused, 429, ErrorCode.RateLimited);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    }
  });

  it('never locks the admin out: after guessers on both, a clean address still logs in on either', async () => {
    for (let address = 0; address < 8; address += 1)
      for (let i = 0; i < 5; i += 1) {
        const wrong = await call(both()[(address + i) % 2] ?? a, 'POST', '/api/admin/login', {
          json: { username: testAdmin.username, password: `wrong ${i}` },
          headers: from(`198.18.0.${address + 1}`),
        });
        expectError(wrong, 401, ErrorCode.InvalidCredentials);
      }
    const guesser = await call(b, 'POST', '/api/admin/login', {
      json: testAdmin,
      headers: from('198.18.0.1'),
    });
    expectError(guesser, 429, ErrorCode.RateLimited);
    for (const url of both()) await login(url);
  });

  it('counts wrong paste passwords spread over both: the 6th is refused on either', async () => {
    const { slug } = await createPaste(a, { content: 'secret', password: 'the right one' }, { token });
    for (let i = 0; i < 5; i += 1) {
      const wrong = await call(both()[i % 2] ?? a, 'POST', `/api/paste/${slug}`, { json: { password: `guess ${i}` } });
      expectError(wrong, 401, ErrorCode.WrongPassword);
    }
    for (const url of both())
      expectError(
        await call(url, 'POST', `/api/paste/${slug}`, { json: { password: 'the right one' } }),
        429,
        ErrorCode.RateLimited,
      );
  });

  it('counts wrong API keys spread over both, and never refuses a valid key', async () => {
    const key = expectOk(
      await call(a, 'POST', '/api/admin/api-keys', { token, json: { name: 'shared', text_permission: true } }),
      createdApiKeySchema,
      201,
    );
    for (let i = 0; i < 20; i += 1)
      expectError(
        await call(both()[i % 2] ?? a, 'GET', '/api/test/api-key', { apiKey: `guess-${i}` }),
        401,
        ErrorCode.ApiKeyInvalid,
      );
    for (const url of both()) {
      expectError(await call(url, 'GET', '/api/test/api-key', { apiKey: 'guess-again' }), 429, ErrorCode.RateLimited);
      expectOk(await call(url, 'GET', '/api/test/api-key', { apiKey: key.key }), apiKeyCheckSchema);
    }
    // Revoked on one, refused on the other at once.
    expectOk(await call(a, 'DELETE', `/api/admin/api-keys/${key.id}`, { token }), z.unknown());
    expectError(
      await call(b, 'GET', '/api/test/api-key', { apiKey: key.key, headers: from('198.51.100.7') }),
      401,
      ErrorCode.ApiKeyInvalid,
    );
  });

  it('refuses on one instance a session logged out on the other, at once', async () => {
    const session = await login(b, testAdmin.username, testAdmin.password);
    for (const url of both())
      expectOk(await call(url, 'GET', '/api/test/admin-token', { token: session.token }), adminTokenCheckSchema);
    expect((await call(a, 'POST', '/api/admin/logout', { token: session.token })).status).toBe(200);
    expectError(await call(b, 'GET', '/api/test/admin-token', { token: session.token }), 401, ErrorCode.TokenExpired);
  });

  it("lets a one-view file's paid visit fetch it from the other instance, and nobody else", async () => {
    const form = new FormData();
    const bytes = Buffer.from('one view only, wherever the next request lands');
    form.append('max_views', '1');
    form.append('file', new Blob([bytes]), 'once.txt');
    const response = await fetch(`${a}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body: unknown = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(201);
    const { slug } = commitResponseSchema.parse((body as { data: unknown }).data);
    const info = expectOk(await call(a, 'GET', `/api/public/files/${slug}`), publicFileSchema);
    const query = `?token=${encodeURIComponent(info.access_token ?? '')}`;
    const paid = await fetch(`${a}/api/file-view/${slug}${query}`);
    expect(Buffer.from(await paid.arrayBuffer()).equals(bytes)).toBe(true);
    const next = await fetch(`${b}/api/file-download/${slug}${query}`);
    expect(next.status).toBe(200);
    expect(Buffer.from(await next.arrayBuffer()).equals(bytes)).toBe(true);
    for (const url of both()) expect((await fetch(`${url}/api/file-download/${slug}`)).status).toBe(410);
  });

  it('empties the other instance’s caches within a second of a clear', async () => {
    const directorySize = async (url: string) =>
      expectOk(await call(url, 'GET', '/api/admin/cache/stats', { token }), cacheStatsSchema).caches.directory.size;
    expectOk(await call(b, 'GET', '/api/admin/fs/list?path=%2Flocal', { token }), z.unknown());
    expect(await directorySize(b)).toBeGreaterThan(0);
    expectOk(await call(a, 'POST', '/api/admin/cache/clear', { token, json: {} }), z.unknown());
    await expect.poll(() => directorySize(b), { timeout: 1_000, interval: 50 }).toBe(0);
  });

  it('runs no more checks than the limit when 40 guesses hit both instances at once', async () => {
    const { slug } = await createPaste(a, { content: 'raced', password: 'the right one' }, { token });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(both()[i % 2] ?? a, 'POST', `/api/paste/${slug}`, {
          json: { password: `guess ${i}` },
          headers: from('203.0.113.40'),
        }),
      ),
    );
    expect(results.filter((result) => result.status === 401)).toHaveLength(5);
    expect(results.filter((result) => result.status === 429)).toHaveLength(35);
  });

  it('shows a settings change made on one instance on the other within a second', async () => {
    const read = async (url: string) =>
      expectOk(await call(url, 'GET', '/api/admin/system-settings', { token }), systemSettingsSchema);
    const before = await read(b);
    const changed = !before.allow_guest_pastes;
    expectOk(
      await call(a, 'PUT', '/api/admin/system-settings', { token, json: { allow_guest_pastes: changed } }),
      systemSettingsSchema,
    );
    await expect.poll(async () => (await read(b)).allow_guest_pastes, { timeout: 1_000, interval: 50 }).toBe(changed);
  });

  it('listens again by itself after losing its connection, and clears what it may have missed', async () => {
    const directorySize = async (url: string) =>
      expectOk(await call(url, 'GET', '/api/admin/cache/stats', { token }), cacheStatsSchema).caches.directory.size;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const listeners = async () =>
      (
        await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where application_name = 'clipdock-bus'`,
        )
      ).rows[0]?.n;
    try {
      expect(await listeners()).toBe(2);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'clipdock-bus'`,
      );
      await expect.poll(listeners, { timeout: 10_000, interval: 100 }).toBe(2);
      expectOk(await call(b, 'GET', '/api/admin/fs/list?path=%2Flocal', { token }), z.unknown());
      expect(await directorySize(b)).toBeGreaterThan(0);
      expectOk(await call(a, 'POST', '/api/admin/cache/clear', { token, json: {} }), z.unknown());
      await expect.poll(() => directorySize(b), { timeout: 1_000, interval: 50 }).toBe(0);
      for (const url of both()) expect((await call(url, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await admin.end();
    }
  });
});
