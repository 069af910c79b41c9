// Two server processes on one PostgreSQL database behave as one: attempt limits are counted
// once for both, a one-view file's paid visit goes on from either, a logout or a revoked key is
// refused by the other at once, and a cache clear on one empties the other's caches within a second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createApiKey, deleteApiKey } from '@shared/api/api-keys.endpoints';
import { adminLogin, adminLogout, checkAdminToken, checkApiKey } from '@shared/api/auth.endpoints';
import { clearCache, getCacheStats } from '@shared/api/cache.endpoints';
import { downloadFile, getPublicFile, viewFile } from '@shared/api/file.endpoints';
import { adminFsEndpoints } from '@shared/api/fs.endpoints';
import { unlockPaste } from '@shared/api/paste.endpoints';
import { getSystemSettings, updateSystemSettings } from '@shared/api/settings.endpoints';
import { getHealth } from '@shared/api/system.endpoints';
import { formUpload } from '@shared/api/upload.endpoints';
import { ErrorCode } from '@shared/errors';
import { createPaste } from '@tests/integration/pastes/paste-helpers';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { login } from '@tests/integration/support/auth-helpers';
import { startCluster, type Cluster } from '@tests/integration/support/cluster';
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
  const anyone = (url: string) => testApi(url);
  const admin = (url: string) => testApi(url, asAdmin(token));

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
      const body = { username, password: `wrong ${i}` };
      await anyone(both()[i % 2] ?? a).fails(adminLogin, { body }, 401, ErrorCode.InvalidCredentials);
    }
    for (const url of both()) {
      const body = { username, password: 'wrong again' };
      const refused = await anyone(url).fails(adminLogin, { body }, 429, ErrorCode.RateLimited);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    }
  });

  it('never locks the admin out: after guessers on both, a clean address still logs in on either', async () => {
    for (let address = 0; address < 8; address += 1)
      for (let i = 0; i < 5; i += 1) {
        await anyone(both()[(address + i) % 2] ?? a).fails(
          adminLogin,
          { body: { username: testAdmin.username, password: `wrong ${i}` }, headers: from(`198.18.0.${address + 1}`) },
          401,
          ErrorCode.InvalidCredentials,
        );
      }
    await anyone(b).fails(adminLogin, { body: testAdmin, headers: from('198.18.0.1') }, 429, ErrorCode.RateLimited);
    for (const url of both()) await login(url);
  });

  it('counts wrong paste passwords spread over both: the 6th is refused on either', async () => {
    const { slug } = await createPaste(a, { content: 'secret', password: 'the right one' }, { token });
    for (let i = 0; i < 5; i += 1) {
      const guess = { params: { slug }, body: { password: `guess ${i}` } };
      await anyone(both()[i % 2] ?? a).fails(unlockPaste, guess, 401, ErrorCode.WrongPassword);
    }
    for (const url of both())
      await anyone(url).fails(
        unlockPaste,
        { params: { slug }, body: { password: 'the right one' } },
        429,
        ErrorCode.RateLimited,
      );
  });

  it('counts wrong API keys spread over both, and never refuses a valid key', async () => {
    const key = await admin(a).ok(createApiKey, { body: { name: 'shared', text_permission: true } });
    for (let i = 0; i < 20; i += 1)
      await testApi(both()[i % 2] ?? a, asApiKey(`guess-${i}`)).fails(checkApiKey, {}, 401, ErrorCode.ApiKeyInvalid);
    for (const url of both()) {
      await testApi(url, asApiKey('guess-again')).fails(checkApiKey, {}, 429, ErrorCode.RateLimited);
      await testApi(url, asApiKey(key.key)).ok(checkApiKey, {});
    }
    // Revoked on one, refused on the other at once.
    await admin(a).ok(deleteApiKey, { params: { id: key.id } });
    await testApi(b, asApiKey(key.key)).fails(
      checkApiKey,
      { headers: from('198.51.100.7') },
      401,
      ErrorCode.ApiKeyInvalid,
    );
  });

  it('refuses on one instance a session logged out on the other, at once', async () => {
    const session = await login(b, testAdmin.username, testAdmin.password);
    const asSession = asAdmin(session.token);
    for (const url of both()) await testApi(url, asSession).ok(checkAdminToken, {});
    await testApi(a, asSession).ok(adminLogout, {});
    await testApi(b, asSession).fails(checkAdminToken, {}, 401, ErrorCode.TokenExpired);
  });

  it("lets a one-view file's paid visit fetch it from the other instance, and nobody else", async () => {
    const form = new FormData();
    const bytes = Buffer.from('one view only, wherever the next request lands');
    form.append('max_views', '1');
    form.append('file', new Blob([bytes]), 'once.txt');
    const { slug } = await admin(a).ok(formUpload, { body: form });
    const info = await anyone(a).ok(getPublicFile, { params: { slug } });
    const query = { token: info.access_token ?? '' };
    const paid = await anyone(a).send(viewFile, { params: { slug }, query });
    expect(paid.bytes.equals(bytes)).toBe(true);
    const next = await anyone(b).send(downloadFile, { params: { slug }, query });
    expect(next.status).toBe(200);
    expect(next.bytes.equals(bytes)).toBe(true);
    for (const url of both()) expect((await anyone(url).send(downloadFile, { params: { slug } })).status).toBe(410);
  });

  it('empties the other instance’s caches within a second of a clear', async () => {
    const directorySize = async (url: string) => (await admin(url).ok(getCacheStats, {})).caches.directory.size;
    await admin(b).ok(adminFsEndpoints.list, { query: { path: '/local' } });
    expect(await directorySize(b)).toBeGreaterThan(0);
    await admin(a).ok(clearCache, { body: {} });
    await expect.poll(() => directorySize(b), { timeout: 1_000, interval: 50 }).toBe(0);
  });

  it('runs no more checks than the limit when 40 guesses hit both instances at once', async () => {
    const { slug } = await createPaste(a, { content: 'raced', password: 'the right one' }, { token });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        anyone(both()[i % 2] ?? a).send(unlockPaste, {
          params: { slug },
          body: { password: `guess ${i}` },
          headers: from('203.0.113.40'),
        }),
      ),
    );
    expect(results.filter((result) => result.status === 401)).toHaveLength(5);
    expect(results.filter((result) => result.status === 429)).toHaveLength(35);
  });

  it('shows a settings change made on one instance on the other within a second', async () => {
    const read = (url: string) => admin(url).ok(getSystemSettings, {});
    const before = await read(b);
    const changed = !before.allow_guest_pastes;
    await admin(a).ok(updateSystemSettings, { body: { allow_guest_pastes: changed } });
    await expect.poll(async () => (await read(b)).allow_guest_pastes, { timeout: 1_000, interval: 50 }).toBe(changed);
  });

  it('listens again by itself after losing its connection, and clears what it may have missed', async () => {
    const directorySize = async (url: string) => (await admin(url).ok(getCacheStats, {})).caches.directory.size;
    const postgres = new pg.Client({ connectionString: databaseUrl });
    await postgres.connect();
    const listeners = async () =>
      (
        await postgres.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where application_name = 'clipdock-bus'`,
        )
      ).rows[0]?.n;
    try {
      expect(await listeners()).toBe(2);
      await postgres.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'clipdock-bus'`,
      );
      await expect.poll(listeners, { timeout: 10_000, interval: 100 }).toBe(2);
      await admin(b).ok(adminFsEndpoints.list, { query: { path: '/local' } });
      expect(await directorySize(b)).toBeGreaterThan(0);
      await admin(a).ok(clearCache, { body: {} });
      await expect.poll(() => directorySize(b), { timeout: 1_000, interval: 50 }).toBe(0);
      for (const url of both()) await anyone(url).ok(getHealth, {});
    } finally {
      await postgres.end();
    }
  });
});
