// An admin's cache clear on real SQLite and PostgreSQL, without HTTP: the cache domain decides
// what to clear, the mounts domain which mounts a scope reaches and records their refresh, in the
// same transaction as the idempotency key. Clearing one mount or one storage config marks just
// those mounts; an unknown one is 404 and marks nothing; everything marks every mount; a repeated
// key answers the first result and changes nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { CacheRegistry } from '@server/lib/cache/cache-registry';
import type { AdminAuth } from '@server/modules/auth/auth.types';
import { CacheService } from '@server/modules/cache/cache.service';
import { IdempotencyStore } from '@server/modules/idempotency/idempotency.service';
import { MountService } from '@server/modules/mounts/mount.service';
import { insertMount, insertStorageConfig } from '@tests/integration/admin/admin-fixtures';
import { databaseKinds, openMedium, refusal, type Medium } from './medium-harness';

const admin: AdminAuth = { kind: 'admin', adminId: 'medium-admin', username: 'admin', tokenHash: null };

describe.each(databaseKinds)('cache clears on %s', (kind) => {
  let m: Medium;
  let cache: CacheService;
  let configA: string;
  let configB: string;
  let mounts: { a1: string; a2: string; b1: string };
  beforeAll(async () => {
    m = await openMedium(kind, 'cache_clear');
    const caches = new CacheRegistry(m.clock);
    cache = new CacheService(
      caches,
      new MountService(m.repos, m.clock, caches),
      new IdempotencyStore(m.repos, m.clock),
    );
    configA = await insertStorageConfig(m.db);
    configB = await insertStorageConfig(m.db);
    mounts = {
      a1: await insertMount(m.db, configA, '/a1'),
      a2: await insertMount(m.db, configA, '/a2'),
      b1: await insertMount(m.db, configB, '/b1'),
    };
  });
  afterAll(() => m.close());

  const refreshedAt = async () => {
    const rows = await m.db.selectFrom('storage_mounts').select(['id', 'last_refresh_at']).execute();
    const of = (id: string) => rows.find((row) => row.id === id)?.last_refresh_at ?? null;
    return { a1: of(mounts.a1), a2: of(mounts.a2), b1: of(mounts.b1) };
  };
  const tick = () => {
    m.clock.advance(1000);
    return new Date(m.clock.now()).toISOString();
  };

  it('marks only the mount or the storage config cleared, and refuses unknown ones', async () => {
    const before = await refreshedAt();
    const first = tick();
    await cache.clearAsAdmin(admin, { mountId: mounts.a1 });
    expect(await refreshedAt()).toEqual({ ...before, a1: first });

    const second = tick();
    await cache.clearAsAdmin(admin, { storageConfigId: configA });
    expect(await refreshedAt()).toEqual({ a1: second, a2: second, b1: before.b1 });

    tick();
    expect(await refusal(cache.clearAsAdmin(admin, { mountId: 'no-such-mount' }))).toBe(ErrorCode.NotFound);
    expect(await refusal(cache.clearAsAdmin(admin, { storageConfigId: 'no-such-config' }))).toBe(ErrorCode.NotFound);
    expect(await refreshedAt()).toEqual({ a1: second, a2: second, b1: before.b1 });
  });

  it('clears everything and marks every mount; a repeated key answers the first result and marks nothing', async () => {
    const at = tick();
    const request = { scope: 'medium-cache', key: `clear-${kind}`, bodyHash: 'all' };
    const answer = await cache.clearAsAdmin(admin, {}, request);
    expect(await refreshedAt()).toEqual({ a1: at, a2: at, b1: at });
    tick();
    expect(await cache.clearAsAdmin(admin, {}, request)).toEqual(answer);
    expect(await refreshedAt()).toEqual({ a1: at, a2: at, b1: at });
  });
});
