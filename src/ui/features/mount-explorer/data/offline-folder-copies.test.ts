// A folder's kept copy, over the real local database on fake-indexeddb: it comes back read only
// with its entries, and not at all once older than the offline cache expiry (7 days).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FsEntry, FsListing } from '@shared/api/fs.schema';
import { OFFLINE_CACHE_MAX_AGE_MS } from '@db/offline-cache';
import {
  findFolderCopy,
  FOLDER_COPY_MAX_ENTRIES,
  folderCopyEntries,
  keepFolderCopy,
  sameFolderCopy,
} from './offline-folder-copies';

const entry = (name: string, isDirectory: boolean): FsEntry => ({
  name,
  path: `/docs/${name}${isDirectory ? '/' : ''}`,
  isDirectory,
  isMount: false,
  isVirtual: false,
  size: isDirectory ? null : 12,
  modified: '2026-11-20T10:00:00.000Z',
  etag: 'abc',
  contentType: isDirectory ? null : 'text/plain',
  mount_id: 'm1',
  storage_type: 'local',
});

const listing: FsListing = {
  path: '/docs/',
  isRoot: false,
  isVirtual: false,
  mount_id: 'm1',
  storage_type: 'local',
  canWrite: true,
  items: [entry('2024', true), entry('notes.txt', false)],
  nextCursor: 'more',
};

afterEach(() => vi.useRealTimers());

describe('offline folder copies', () => {
  it('come back with their entries, read only and complete, until they expire', async () => {
    expect(await findFolderCopy('/docs/')).toBeNull();
    const savedAt = Date.now();
    await keepFolderCopy('/docs/', listing);
    const copy = await findFolderCopy('/docs/');
    expect(copy?.savedAt).toBeGreaterThanOrEqual(savedAt);
    expect(copy?.partial).toBe(false);
    expect(copy?.listing).toMatchObject({ path: '/docs/', canWrite: false, nextCursor: null, mount_id: 'm1' });
    expect(
      copy?.listing.items.map(({ name, isDirectory, size, contentType }) => ({ name, isDirectory, size, contentType })),
    ).toEqual([
      { name: '2024', isDirectory: true, size: null, contentType: null },
      { name: 'notes.txt', isDirectory: false, size: 12, contentType: 'text/plain' },
    ]);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((copy?.savedAt ?? savedAt) + OFFLINE_CACHE_MAX_AGE_MS);
    expect(await findFolderCopy('/docs/')).toBeNull();
  });

  it('keep only the first entries of a large folder, and say so', async () => {
    const items = Array.from({ length: FOLDER_COPY_MAX_ENTRIES + 5 }, (_, i) => entry(`file-${i}.txt`, false));
    await keepFolderCopy('/big/', { ...listing, path: '/big/', items });
    const copy = await findFolderCopy('/big/');
    expect(copy?.partial).toBe(true);
    expect(copy?.listing.items).toHaveLength(FOLDER_COPY_MAX_ENTRIES);
    expect(copy?.listing.items[0]?.name).toBe('file-0.txt');
  });

  it('are the same copy after a page past the kept entries, and another after a change within them', () => {
    const items = Array.from({ length: FOLDER_COPY_MAX_ENTRIES }, (_, i) => entry(`file-${i}.txt`, false));
    const kept = folderCopyEntries({ ...listing, items });
    const nextPage = [...items, entry('later.txt', false)];
    expect(sameFolderCopy(kept, folderCopyEntries({ ...listing, items: nextPage }))).toBe(true);

    const renamed = items.map((item, i) => (i === 3 ? { ...item, name: 'renamed.txt' } : item));
    expect(sameFolderCopy(kept, folderCopyEntries({ ...listing, items: renamed }))).toBe(false);
    const fewer = folderCopyEntries({ ...listing, items: items.slice(1) });
    expect(sameFolderCopy(kept, fewer)).toBe(false);
    expect(
      sameFolderCopy(folderCopyEntries(listing), folderCopyEntries({ ...listing, items: [...listing.items] })),
    ).toBe(true);
  });
});
