import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { createClipdockDatabase } from './database';
import { localDatabaseExists } from './database-name';

describe('localDatabaseExists', () => {
  it('says no before the database is first created and yes after, for that name only', async () => {
    const factory = new IDBFactory();
    expect(await localDatabaseExists('clipdock_probe', factory)).toBe(false);
    const db = await createClipdockDatabase({
      name: 'clipdock_probe',
      storage: getRxStorageDexie({ indexedDB: factory, IDBKeyRange }),
    });
    try {
      await db.settings.upsert({ key: 'draft.paste', value: '{}', updatedAt: 1 });
      expect(await localDatabaseExists('clipdock_probe', factory)).toBe(true);
      expect(await localDatabaseExists('clipdock_probe_2', factory)).toBe(false);
      expect(await localDatabaseExists('clipdock', factory)).toBe(false);
    } finally {
      await db.remove();
    }
  });

  it('says yes when the browser cannot list its databases, so the caller opens it as before', async () => {
    const factory = new IDBFactory();
    Object.defineProperty(factory, 'databases', { value: undefined });
    expect(await localDatabaseExists('clipdock_probe', factory)).toBe(true);
  });
});
