import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCache, clearVisibleCache, getCacheStats } from '@shared/api/cache.endpoints';
import { clearCacheResultSchema } from '@shared/api/cache.schema';
import { deleteMount, updateMount } from '@shared/api/mounts.endpoints';
import { ErrorCode } from '@shared/errors';
import type { BodyOf } from '@shared/http/endpoint';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import { parseEnv } from '@server/env';
import { CacheRegistry } from '@server/lib/cache/cache-registry';
import { systemClock } from '@server/lib/clock';
import { createLogger } from '@server/lib/logger';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { insertApiKey, login } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { insertMount, insertStorageConfig } from './admin-fixtures';

/** The real app on the test server's database, with a cache registry the test can fill. */
async function serveWithCaches(server: TestServer, caches: CacheRegistry) {
  const config = await loadConfig(
    parseEnv({ DATA_DIR: server.dataDir, PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  );
  const app = createApp({
    db: server.db,
    config,
    logger: createLogger({ level: 'silent' }),
    caches,
    staticDir: join(server.dataDir, 'none'),
  });
  const listening = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const address = listening.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => listening.close(() => resolve())),
  };
}

describe('cache statistics and clearing', () => {
  let server: TestServer;
  let app: Awaited<ReturnType<typeof serveWithCaches>>;
  let caches: CacheRegistry;
  let token: string;
  const mounts: Record<string, string> = {};
  let configA: string;
  let configB: string;

  beforeEach(async () => {
    server = await startTestServer();
    caches = new CacheRegistry(systemClock);
    app = await serveWithCaches(server, caches);
    token = (await login(app.baseUrl)).token;
    configA = await insertStorageConfig(server.db);
    configB = await insertStorageConfig(server.db);
    mounts.docs = await insertMount(server.db, configA, '/docs');
    mounts.team = await insertMount(server.db, configA, '/docs/team');
    mounts.other = await insertMount(server.db, configB, '/other');
    for (const [name, mountId] of Object.entries(mounts)) {
      caches.directory.set(`${mountId}:/`, [name], { mountId });
      caches.directory.set(`${mountId}:/sub`, [name], { mountId });
      caches.search.set(`${mountId}:q`, [name], { mountId });
    }
    caches.s3Url.set('config-a-object', 'https://a.example/x', { storageConfigId: configA });
  });
  afterEach(async () => {
    await app.close();
    await server.close();
  });

  const admin = () => testApi(app.baseUrl, asAdmin(token));
  const adminClear = (body: BodyOf<typeof clearCache>) => admin().send(clearCache, { body });
  const userClear = (apiKey: string, body: BodyOf<typeof clearVisibleCache>) =>
    testApi(app.baseUrl, asApiKey(apiKey)).send(clearVisibleCache, { body });
  const cleared = (result: Awaited<ReturnType<typeof adminClear>>) => expectOk(result, clearCacheResultSchema).cleared;

  it('reports real counters for every named cache and the process', async () => {
    caches.directory.get(`${mounts.docs}:/`);
    caches.directory.get(`${mounts.docs}:/`);
    caches.directory.get('missing');
    const stats = await admin().ok(getCacheStats, {});
    expect(stats.caches.directory).toEqual({
      hits: 2,
      misses: 1,
      expired: 0,
      invalidations: 0,
      size: 6,
      hitRate: 0.6667,
    });
    expect(stats.caches.s3Url).toMatchObject({ size: 1, hitRate: 0 });
    expect(stats.caches.search.size).toBe(3);
    expect(stats.system.rssMb).toBeGreaterThan(0);
    expect(stats.system.heapUsedMb).toBeGreaterThan(0);
  });

  it('lets an admin clear one mount, one storage config, or everything', async () => {
    expect(cleared(await adminClear({ mountId: mounts.other }))).toBe(3);
    expect(caches.directory.stats().size).toBe(4);
    expect(cleared(await adminClear({ storageConfigId: configA }))).toBe(7);
    expect(caches.s3Url.stats().size).toBe(0);
    expect(caches.stats().directory.invalidations).toBe(6);
    caches.search.set('global', ['x']);
    expect(cleared(await adminClear({}))).toBe(1);
  });

  it('records the refresh time of the mounts whose caches were cleared', async () => {
    const refreshedAt = async () =>
      Object.fromEntries(
        (await server.db.selectFrom('storage_mounts').select(['id', 'last_refresh_at']).execute()).map((row) => [
          row.id,
          row.last_refresh_at,
        ]),
      );
    expect(Object.values(await refreshedAt()).every((at) => at === null)).toBe(true);
    await adminClear({ mountId: mounts.other });
    const afterOne = await refreshedAt();
    expect(afterOne[mounts.other ?? '']).not.toBeNull();
    expect(afterOne[mounts.docs ?? '']).toBeNull();
    const key = (await insertApiKey(server.db, { mount_permission: 1, basic_path: '/docs/team' })).key;
    await userClear(key, { mountId: mounts.team });
    expect((await refreshedAt())[mounts.team ?? '']).not.toBeNull();
    await adminClear({});
    expect(Object.values(await refreshedAt()).every((at) => at !== null)).toBe(true);
  });

  it('answers 404 for an unknown mount or config and 400 for both at once', async () => {
    expectError(await adminClear({ mountId: 'missing' }), 404, ErrorCode.NotFound);
    expectError(await adminClear({ storageConfigId: 'missing' }), 404, ErrorCode.NotFound);
    const both = expectError(
      await adminClear({ mountId: mounts.docs, storageConfigId: configA }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(both.message).toContain('storageConfigId');
    expectError(
      // raw: a body that is not JSON
      await call(app.baseUrl, 'POST', '/api/admin/cache/clear', { token, body: 'not json' }),
      400,
      ErrorCode.BadRequest,
    );
  });

  it('lets a key clear only the mounts it can see', async () => {
    const key = (await insertApiKey(server.db, { mount_permission: 1, basic_path: '/docs/team' })).key;
    expectError(await userClear(key, { mountId: mounts.other }), 404, ErrorCode.NotFound);
    expectError(await userClear(key, { storageConfigId: configB }), 404, ErrorCode.NotFound);
    expectError(await userClear(key, { mountId: 'missing' }), 404, ErrorCode.NotFound);
    expect(cleared(await userClear(key, { mountId: mounts.team }))).toBe(3);
    expect(cleared(await userClear(key, {}))).toBe(3);
    expect(caches.directory.get(`${mounts.other}:/`)).toEqual(['other']);
    expect(caches.s3Url.stats().size).toBe(1);
  });

  it("drops a mount's entries when an admin edits or deletes it", async () => {
    await admin().ok(updateMount, { params: { id: mounts.docs ?? '' }, body: { cache_ttl: 10 } });
    expect(caches.directory.get(`${mounts.docs}:/`)).toBeUndefined();
    expect(await admin().ok(deleteMount, { params: { id: mounts.team ?? '' } })).toBeNull();
    expect(caches.search.get(`${mounts.team}:q`)).toBeUndefined();
    expect(caches.search.get(`${mounts.other}:q`)).toEqual(['other']);
  });
});
