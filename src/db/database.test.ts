import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_NAME, createClipdockDatabase, databaseNameFor } from './database';
import type { ClipdockDatabase } from './database';
import type { PasteDoc } from './schemas/pastes.schema';

let db: ClipdockDatabase;
let dbCount = 0;

beforeEach(async () => {
  dbCount += 1;
  db = await createClipdockDatabase({
    name: `clipdock_test_${dbCount}`,
    storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }),
  });
});

afterEach(async () => {
  await db.remove();
});

const paste: PasteDoc = {
  slug: 'hello-world',
  content: '# Hello',
  format: 'markdown',
  remark: null,
  hasPassword: false,
  expiresAt: null,
  maxViews: 0,
  views: 3,
  createdAt: '2030-01-01T00:00:00.000Z',
  createdBy: 'apikey:k1',
  cachedAt: 1_900_000_000_000,
};

describe('database naming', () => {
  it('names the database after the product alone, so a release keeps what the last one stored', () => {
    expect(DATABASE_NAME).toBe('clipdock');
    expect(databaseNameFor('Clip Dock 2')).toMatch(/^[a-z][_$a-z0-9-]*$/);
  });
});

describe('collections', () => {
  it('opens seven collections', () => {
    expect(Object.keys(db.collections).sort()).toEqual(
      ['basket_items', 'directories', 'files', 'offline_queue', 'pastes', 'search_history', 'settings'].sort(),
    );
  });

  it('writes and reads a paste by slug', async () => {
    await db.pastes.insert(paste);
    const found = await db.pastes.findOne('hello-world').exec();
    expect(found?.toJSON()).toEqual(paste);
  });

  it('writes and reads a file share by slug', async () => {
    const file = {
      slug: 'report',
      filename: 'report.pdf',
      size: 1024,
      mimetype: 'application/pdf',
      remark: 'Q3',
      hasPassword: true,
      expiresAt: '2030-02-01T00:00:00.000Z',
      maxViews: null,
      views: 0,
      previewUrl: null,
      downloadUrl: '/api/file-download/report',
      createdAt: '2030-01-01T00:00:00.000Z',
      cachedAt: 1_900_000_000_000,
    };
    await db.files.insert(file);
    expect((await db.files.findOne('report').exec())?.toJSON()).toEqual(file);
  });

  it('writes and reads a directory listing by path', async () => {
    const listing = {
      path: '/photos/2030',
      mountId: 'm1',
      entries: [
        {
          name: 'a.jpg',
          path: '/photos/2030/a.jpg',
          isDirectory: false,
          size: 10,
          modified: null,
          mimetype: 'image/jpeg',
        },
        { name: 'raw', path: '/photos/2030/raw/', isDirectory: true, size: null, modified: null, mimetype: null },
      ],
      cachedAt: 1_900_000_000_000,
    };
    await db.directories.insert(listing);
    expect((await db.directories.findOne('/photos/2030').exec())?.toJSON()).toEqual(listing);
  });

  it('writes, overwrites and reads a setting by key', async () => {
    await db.settings.upsert({ key: 'themeMode', value: '"dark"', updatedAt: 1 });
    await db.settings.upsert({ key: 'themeMode', value: '"light"', updatedAt: 2 });
    const setting = await db.settings.findOne('themeMode').exec();
    expect(setting?.toJSON()).toEqual({ key: 'themeMode', value: '"light"', updatedAt: 2 });
  });

  it('keys search history by scope and query and lists it newest first', async () => {
    await db.search_history.insert({ id: 'global|report', query: 'report', scope: 'global', timestamp: 1 });
    await db.search_history.insert({ id: 'global|photo', query: 'photo', scope: 'global', timestamp: 2 });
    await db.search_history.upsert({ id: 'global|report', query: 'report', scope: 'global', timestamp: 3 });
    const recent = await db.search_history.find({ sort: [{ timestamp: 'desc' }] }).exec();
    expect(recent.map((d) => d.query)).toEqual(['report', 'photo']);
  });

  it('writes and reads an offline queue entry by id', async () => {
    const entry = {
      id: '2f1d7c4e-8a8b-4c59-9d6e-0b7a1f6f3c21',
      type: 'pastes.create',
      params: {},
      endpoint: '/api/paste',
      method: 'POST',
      data: { content: 'hi' },
      authType: null,
      timestamp: 5,
      status: 'pending',
      idempotencyKey: '9c0a3e55-5b7e-4f0c-8a43-3f5d1b2e7a10',
      attempts: 0,
      lastError: null,
    } as const;
    await db.offline_queue.insert(entry);
    const byType = await db.offline_queue.find({ selector: { type: 'pastes.create' } }).exec();
    expect(byType.map((d) => d.toJSON())).toEqual([entry]);
  });
});

describe('validation', () => {
  it('rejects a document that breaks its schema', async () => {
    await expect(db.pastes.insert({ ...paste, views: -1 })).rejects.toThrow();
    await expect(db.settings.insert({ key: '', value: 'x', updatedAt: 0 })).rejects.toThrow();
    expect(await db.pastes.count().exec()).toBe(0);
  });

  it('rejects properties a schema does not declare', async () => {
    const extra = { ...paste, password: 'secret' };
    await expect(db.pastes.insert(extra)).rejects.toThrow();
  });
});
