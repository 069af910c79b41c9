import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { OfflineQueueInput } from '@shared/offline-queue.schema';
import { offlineQueueEntrySchema } from '@shared/offline-queue.schema';
import { randomUuid } from '@shared/random-uuid';
import { createClipdockDatabase } from './database';
import type { ClipdockDatabase } from './database';
import { enqueueOfflineRequest, listOfflineRequests, markOfflineRequest, removeOfflineRequest } from './outbox';
import type { OutboxDeps } from './outbox';

let db: ClipdockDatabase;
let dbCount = 0;
let clock = 0;
const deps: OutboxDeps = { now: () => clock, newId: randomUuid };

beforeEach(async () => {
  dbCount += 1;
  clock = 1_000;
  db = await createClipdockDatabase({
    name: `clipdock_outbox_${dbCount}`,
    storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }),
  });
});

afterEach(async () => {
  await db.remove();
});

const createPaste: OfflineQueueInput = {
  type: 'pastes.create',
  params: {},
  data: { content: 'written on a train', maxViews: 0 },
  authType: 'admin',
};
const clearCache: OfflineQueueInput = {
  type: 'cache.admin.clear',
  params: {},
  data: {},
  authType: 'admin',
};

describe('outbox', () => {
  it('round-trips an entry with identity, time and bookkeeping added', async () => {
    const stored = await enqueueOfflineRequest(db.offline_queue, createPaste, deps);
    expect(stored).toMatchObject({
      ...createPaste,
      endpoint: '/api/paste',
      method: 'POST',
      timestamp: 1_000,
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
    expect(stored.idempotencyKey).not.toBe(stored.id);
    expect(stored).not.toHaveProperty('authToken');
    expect(offlineQueueEntrySchema.parse(stored)).toEqual(stored);
    expect(await listOfflineRequests(db.offline_queue)).toEqual([stored]);
  });

  it('lists oldest first and filters by status', async () => {
    clock = 2_000;
    const later = await enqueueOfflineRequest(db.offline_queue, clearCache, deps);
    clock = 1_500;
    const earlier = await enqueueOfflineRequest(db.offline_queue, createPaste, deps);
    expect((await listOfflineRequests(db.offline_queue)).map((e) => e.id)).toEqual([earlier.id, later.id]);
    await markOfflineRequest(db.offline_queue, later.id, { status: 'syncing' });
    const pending = await listOfflineRequests(db.offline_queue, { status: 'pending' });
    expect(pending.map((e) => e.id)).toEqual([earlier.id]);
  });

  it('counts attempts, records failures and can reset to pending', async () => {
    const { id } = await enqueueOfflineRequest(db.offline_queue, createPaste, deps);
    expect(await markOfflineRequest(db.offline_queue, id, { status: 'syncing' })).toMatchObject({
      status: 'syncing',
      attempts: 1,
    });
    const failed = await markOfflineRequest(db.offline_queue, id, { status: 'failed', error: 'x'.repeat(5_000) });
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.lastError).toHaveLength(1_000);
    const retried = await markOfflineRequest(db.offline_queue, id, { status: 'pending' });
    expect(retried).toMatchObject({ status: 'pending', attempts: 1, lastError: failed?.lastError });
  });

  it('removes a replayed entry, and marking a missing one gives null', async () => {
    const { id } = await enqueueOfflineRequest(db.offline_queue, clearCache, deps);
    await removeOfflineRequest(db.offline_queue, id);
    expect(await listOfflineRequests(db.offline_queue)).toEqual([]);
    expect(await markOfflineRequest(db.offline_queue, id, { status: 'syncing' })).toBeNull();
    await expect(removeOfflineRequest(db.offline_queue, id)).resolves.toBeUndefined();
  });

  it('builds the path from the endpoint definition and keeps a key the first attempt already sent', async () => {
    const key = randomUuid();
    const stored = await enqueueOfflineRequest(
      db.offline_queue,
      { type: 'pastes.user.delete', params: { id: 'a/b' }, data: null, authType: 'apikey', idempotencyKey: key },
      deps,
    );
    expect(stored).toMatchObject({ endpoint: '/api/user/pastes/a%2Fb', method: 'DELETE', idempotencyKey: key });
    const again = await enqueueOfflineRequest(
      db.offline_queue,
      { type: 'pastes.user.delete', params: { id: 'a/b' }, data: null, authType: 'apikey', idempotencyKey: key },
      deps,
    );
    expect(again).toEqual(stored);
    expect(await db.offline_queue.count().exec()).toBe(1);
  });

  it('refuses a malformed entry before writing it', async () => {
    const unknown = { ...createPaste, type: 'pastes.view' } as unknown as OfflineQueueInput;
    const badAuth = { ...createPaste, authType: 'bearer' } as unknown as OfflineQueueInput;
    await expect(enqueueOfflineRequest(db.offline_queue, unknown, deps)).rejects.toBeInstanceOf(z.core.$ZodError);
    await expect(enqueueOfflineRequest(db.offline_queue, badAuth, deps)).rejects.toBeInstanceOf(z.core.$ZodError);
    expect(await db.offline_queue.count().exec()).toBe(0);
  });

  it('drops a stored entry that no longer parses when reading back', async () => {
    const good = await enqueueOfflineRequest(db.offline_queue, createPaste, deps);
    await db.offline_queue.insert({ ...good, id: randomUuid(), idempotencyKey: 'not-a-uuid', timestamp: 0 });
    expect(await listOfflineRequests(db.offline_queue)).toEqual([good]);
    expect(await db.offline_queue.count().exec()).toBe(1);
  });
});
