// A release that changes a collection's shape raises its schema version and migrates what the
// last release stored (spec §9): the queue written by version 0 opens, migrated, under version 1.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { listOfflineRequests } from './outbox';
import { createClipdockDatabase } from './database';
import { offlineQueueSchema } from './schemas/offline-queue.schema';

const legacySchema = {
  ...offlineQueueSchema,
  version: 0,
  properties: {
    id: { type: 'string', maxLength: 36 },
    endpoint: { type: 'string' },
    method: { type: 'string' },
    data: { type: ['object', 'null'] },
    authToken: { type: ['string', 'null'] },
    authType: { type: ['string', 'null'] },
    timestamp: offlineQueueSchema.properties.timestamp,
    status: { type: 'string' },
    type: { type: 'string', maxLength: 20 },
    idempotencyKey: { type: 'string' },
    attempts: { type: 'integer' },
    lastError: { type: ['string', 'null'] },
  },
  required: ['id', 'endpoint', 'method', 'data', 'authToken', 'authType', 'timestamp', 'status', 'type', 'idempotencyKey', 'attempts', 'lastError'],
} as unknown as RxJsonSchema<Record<string, unknown>>;

describe('local database migrations', () => {
  it('migrates queue entries of version 0: the endpoint named, its parameters kept, the token dropped', async () => {
    const indexedDB = new IDBFactory();
    const storage = () => getRxStorageDexie({ indexedDB, IDBKeyRange });
    const old = await createRxDatabase({ name: 'clipdock_migrate', storage: storage() });
    const { offline_queue: legacy } = await old.addCollections({ offline_queue: { schema: legacySchema } });
    const base = { method: 'PUT', authToken: 'secret', authType: 'bearer', status: 'pending', attempts: 0, lastError: null, data: { remark: 'x' } };
    await legacy.bulkInsert([
      { ...base, id: '00000000-0000-4000-8000-000000000001', endpoint: '/api/user/pastes/p1', type: 'paste.update', timestamp: 1, idempotencyKey: '00000000-0000-4000-8000-0000000000a1' },
      { ...base, id: '00000000-0000-4000-8000-000000000002', endpoint: '/api/nowhere', type: 'mystery', timestamp: 2, idempotencyKey: '00000000-0000-4000-8000-0000000000a2' },
    ]);
    await old.close();

    const db = await createClipdockDatabase({ name: 'clipdock_migrate', storage: storage() });
    try {
      const entries = await listOfflineRequests(db.offline_queue);
      expect(entries).toEqual([
        expect.objectContaining({ type: 'pastes.user.update', params: { id: 'p1' }, authType: 'admin', endpoint: '/api/user/pastes/p1', data: { remark: 'x' } }),
      ]);
      expect(entries[0]).not.toHaveProperty('authToken');
    } finally {
      await db.remove();
    }
  });
});
