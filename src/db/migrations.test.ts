// A release that changes a collection's shape raises its schema version and migrates what the
// last release stored: the queue written by version 0 opens, migrated, under version 1, and so
// does the basket of version 0, its folders left to be counted.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { listOfflineRequests } from './outbox';
import { createClipdockDatabase } from './database';
import { basketItems } from './basket';
import { basketSchema } from './schemas/basket.schema';
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
  required: [
    'id',
    'endpoint',
    'method',
    'data',
    'authToken',
    'authType',
    'timestamp',
    'status',
    'type',
    'idempotencyKey',
    'attempts',
    'lastError',
  ],
} as unknown as RxJsonSchema<Record<string, unknown>>;

const { files: _files, sizeError: _sizeError, ...basketV0Properties } = basketSchema.properties;
const legacyBasketSchema = {
  ...basketSchema,
  version: 0,
  properties: basketV0Properties,
  required: basketSchema.required?.filter((field) => field !== 'files' && field !== 'sizeError'),
} as unknown as RxJsonSchema<Record<string, unknown>>;

describe('local database migrations', () => {
  it('migrates queue entries of version 0: the endpoint named, its parameters kept, the token dropped', async () => {
    const indexedDB = new IDBFactory();
    const storage = () => getRxStorageDexie({ indexedDB, IDBKeyRange });
    const old = await createRxDatabase({ name: 'clipdock_migrate', storage: storage() });
    const { offline_queue: legacy } = await old.addCollections({ offline_queue: { schema: legacySchema } });
    const base = {
      method: 'PUT',
      authToken: 'secret',
      authType: 'bearer',
      status: 'pending',
      attempts: 0,
      lastError: null,
      data: { remark: 'x' },
    };
    await legacy.bulkInsert([
      {
        ...base,
        id: '00000000-0000-4000-8000-000000000001',
        endpoint: '/api/user/pastes/p1',
        type: 'paste.update',
        timestamp: 1,
        idempotencyKey: '00000000-0000-4000-8000-0000000000a1',
      },
      {
        ...base,
        id: '00000000-0000-4000-8000-000000000002',
        endpoint: '/api/nowhere',
        type: 'mystery',
        timestamp: 2,
        idempotencyKey: '00000000-0000-4000-8000-0000000000a2',
      },
    ]);
    await old.close();

    const db = await createClipdockDatabase({ name: 'clipdock_migrate', storage: storage() });
    try {
      const entries = await listOfflineRequests(db.offline_queue);
      expect(entries).toEqual([
        expect.objectContaining({
          type: 'pastes.user.update',
          params: { id: 'p1' },
          authType: 'admin',
          endpoint: '/api/user/pastes/p1',
          data: { remark: 'x' },
        }),
      ]);
      expect(entries[0]).not.toHaveProperty('authToken');
    } finally {
      await db.remove();
    }
  });

  it('migrates basket entries of version 0: statuses kept, folders waiting to be counted', async () => {
    const indexedDB = new IDBFactory();
    const storage = () => getRxStorageDexie({ indexedDB, IDBKeyRange });
    const old = await createRxDatabase({ name: 'clipdock_migrate_basket', storage: storage() });
    const { basket_items: legacy } = await old.addCollections({ basket_items: { schema: legacyBasketSchema } });
    const base = { source: 'fs', scope: 'admin', error: null };
    await legacy.bulkInsert([
      {
        ...base,
        id: 'fs|admin|/m/a.txt',
        path: '/m/a.txt',
        name: 'a.txt',
        isDirectory: false,
        size: 7,
        status: 'completed',
        addedAt: 1,
      },
      {
        ...base,
        id: 'fs|admin|/m/docs/',
        path: '/m/docs/',
        name: 'docs',
        isDirectory: true,
        size: null,
        status: 'failed',
        error: 'listing refused',
        addedAt: 2,
      },
    ]);
    await old.close();

    const db = await createClipdockDatabase({ name: 'clipdock_migrate_basket', storage: storage() });
    try {
      expect(
        (await basketItems(db)).map(({ path, size, files, sizeError, status, error }) => ({
          path,
          size,
          files,
          sizeError,
          status,
          error,
        })),
      ).toEqual([
        { path: '/m/a.txt', size: 7, files: null, sizeError: null, status: 'completed', error: null },
        { path: '/m/docs/', size: null, files: null, sizeError: null, status: 'failed', error: 'listing refused' },
      ]);
    } finally {
      await db.remove();
    }
  });
});
