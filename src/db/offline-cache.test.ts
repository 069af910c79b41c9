import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClipdockDatabase, type ClipdockDatabase } from './database';
import {
  directoryCopy,
  fileCopy,
  forgetSessionCopies,
  keepDirectoryCopy,
  keepFileCopy,
  keepPasteCopy,
  OFFLINE_CACHE_MAX_AGE_MS,
  pasteCopy,
  recentSearches,
  rememberSearch,
  SEARCH_HISTORY_LIMIT,
  sweepOfflineCopies,
} from './offline-cache';

let db: ClipdockDatabase;
let n = 0;
beforeEach(async () => {
  n += 1;
  db = await createClipdockDatabase({
    name: `clipdock_cache_${n}`,
    storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }),
  });
});
afterEach(() => db.remove());

const copy = {
  slug: 'note',
  content: 'kept',
  format: 'plain' as const,
  remark: null,
  hasPassword: false,
  expiresAt: null,
  maxViews: null,
  views: 1,
  createdAt: '2030-01-01T00:00:00.000Z',
  createdBy: null,
};

describe('offline copies', () => {
  it('are shown for 7 days and then deleted', async () => {
    await keepPasteCopy(db, copy, 1_000);
    expect(await pasteCopy(db, 'note', 1_000 + OFFLINE_CACHE_MAX_AGE_MS - 1)).toMatchObject({
      content: 'kept',
      format: 'plain',
      cachedAt: 1_000,
    });
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

const file = {
  slug: 'report',
  filename: 'report.pdf',
  size: 10,
  mimetype: 'application/pdf',
  remark: null,
  hasPassword: false,
  expiresAt: null,
  maxViews: null,
  views: 2,
  previewUrl: null,
  downloadUrl: null,
  createdAt: '2030-01-01T00:00:00.000Z',
};

describe('file and folder copies', () => {
  it('open for 7 days and then are deleted', async () => {
    await keepFileCopy(db, file, 1_000);
    expect(await fileCopy(db, 'report', 1_000 + OFFLINE_CACHE_MAX_AGE_MS - 1)).toMatchObject({
      filename: 'report.pdf',
      cachedAt: 1_000,
    });
    expect(await fileCopy(db, 'report', 1_000 + OFFLINE_CACHE_MAX_AGE_MS)).toBeNull();
    expect(await db.files.count().exec()).toBe(0);

    const listing = {
      path: '/photos/',
      mountId: null,
      entries: [
        { name: 'a.jpg', path: '/photos/a.jpg', isDirectory: false, size: 3, modified: null, mimetype: 'image/jpeg' },
      ],
    };
    await keepDirectoryCopy(db, listing, 1_000);
    expect((await directoryCopy(db, '/photos/', 2_000))?.entries).toEqual(listing.entries);
    await sweepOfflineCopies(db, 1_000 + OFFLINE_CACHE_MAX_AGE_MS);
    expect(await db.directories.count().exec()).toBe(0);
  });
});

describe('the end of a session', () => {
  it('forgets folder listings and searches, and keeps the public share pages', async () => {
    await keepDirectoryCopy(db, { path: '/private/', mountId: 'm1', entries: [] }, 1_000);
    await rememberSearch(db, 'global', 'salaries', 1_000);
    await keepPasteCopy(db, copy, 1_000);
    await keepFileCopy(db, file, 1_000);
    await forgetSessionCopies(db);
    expect(await db.directories.count().exec()).toBe(0);
    expect(await db.search_history.count().exec()).toBe(0);
    // Purged, not only marked deleted: the storage no longer holds the listing at all.
    expect(await db.directories.storageInstance.findDocumentsById(['/private/'], true)).toEqual([]);
    expect(await pasteCopy(db, 'note', 2_000)).not.toBeNull();
    expect(await fileCopy(db, 'report', 2_000)).not.toBeNull();
  });
});

describe('search history', () => {
  it('keeps each search once, newest first, up to the limit per scope', async () => {
    await rememberSearch(db, 'global', 'report', 1);
    await rememberSearch(db, 'global', 'photo', 2);
    await rememberSearch(db, 'global', ' report ', 3);
    await rememberSearch(db, 'other', 'x', 4);
    expect((await recentSearches(db, 'global')).map((entry) => entry.query)).toEqual(['report', 'photo']);
    for (let i = 0; i < SEARCH_HISTORY_LIMIT + 5; i += 1) await rememberSearch(db, 'global', `q${i}`, 10 + i);
    const kept = await recentSearches(db, 'global');
    expect(kept).toHaveLength(SEARCH_HISTORY_LIMIT);
    expect(kept[0]?.query).toBe(`q${SEARCH_HISTORY_LIMIT + 4}`);
    expect(await db.search_history.find({ selector: { scope: 'global' } }).exec()).toHaveLength(SEARCH_HISTORY_LIMIT);
  });
});
