import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClipdockDatabase, type ClipdockDatabase } from './database';
import { keepPasteCopy, OFFLINE_CACHE_MAX_AGE_MS, pasteCopy, sweepOfflineCopies } from './offline-cache';

let db: ClipdockDatabase;
let n = 0;
beforeEach(async () => {
  n += 1;
  db = await createClipdockDatabase({ name: `clipdock_cache_${n}`, storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) });
});
afterEach(() => db.remove());

const copy = { slug: 'note', content: 'kept', format: 'plain' as const, remark: null, hasPassword: false, expiresAt: null, maxViews: null, views: 1, createdAt: '2030-01-01T00:00:00.000Z', createdBy: null };

describe('offline copies', () => {
  it('are shown for 7 days and then deleted', async () => {
    await keepPasteCopy(db, copy, 1_000);
    expect(await pasteCopy(db, 'note', 1_000 + OFFLINE_CACHE_MAX_AGE_MS - 1)).toMatchObject({ content: 'kept', format: 'plain', cachedAt: 1_000 });
    expect(await pasteCopy(db, 'note', 1_000 + OFFLINE_CACHE_MAX_AGE_MS)).toBeNull();
    expect(await db.pastes.count().exec()).toBe(0);
  });

  it('are swept when expired', async () => {
    await keepPasteCopy(db, copy, 1_000);
    await keepPasteCopy(db, { ...copy, slug: 'fresh' }, 5_000 + OFFLINE_CACHE_MAX_AGE_MS);
    await sweepOfflineCopies(db, 2_000 + OFFLINE_CACHE_MAX_AGE_MS);
    expect((await db.pastes.find().exec()).map((d) => d.slug)).toEqual(['fresh']);
  });
});
