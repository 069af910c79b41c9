// Folder listings opened online are kept in the local database's `directories` collection so they
// open again offline (issue 11, "Reading offline"), marked as offline copies, for the offline cache
// expiry (7 days). Only names and details are kept: opening a file still needs the server. Loaded lazily.
import type { FsEntry, FsListing } from '@shared/api/fs.schema';
import { DIRECTORY_PATH_MAX_LENGTH, type DirectoryEntry } from '@db/schemas/directories.schema';
import { openDatabaseWith } from '@ui/domain/database/open-database';

/**
 * Entries kept per folder. The copy is written in one go, validated and cloned on the main
 * thread: a 10,000-entry copy is a task of hundreds of ms, against the explorer's scrolling
 * target of none over 50 ms (issue 10). A larger folder keeps its first entries, and says so.
 */
export const FOLDER_COPY_MAX_ENTRIES = 1000;

/** `partial`: the folder held more entries than a copy keeps. */
export type FolderCopy = { listing: FsListing; savedAt: number; partial: boolean };

function keptEntry(entry: FsEntry): DirectoryEntry {
  return {
    name: entry.name,
    path: entry.path,
    isDirectory: entry.isDirectory,
    size: entry.size,
    modified: entry.modified,
    mimetype: entry.contentType,
  };
}

/** The entries of a listing a copy keeps. */
export function folderCopyEntries(listing: FsListing): FsEntry[] {
  return listing.items.filter((entry) => entry.name !== '').slice(0, FOLDER_COPY_MAX_ENTRIES);
}

/**
 * Whether two copies' entries are the very same objects: a page loaded past the entries a copy
 * keeps leaves them so, and writing the copy again would only make garbage while the list scrolls.
 */
export function sameFolderCopy(a: readonly FsEntry[], b: readonly FsEntry[]): boolean {
  return a.length === b.length && a.every((entry, i) => entry === b[i]);
}

/**
 * Keeps the listing as loaded so far (every page the user scrolled to) under the folder the page
 * asked for, which is what it asks for again offline. A longer path than the store takes is not kept.
 */
export async function keepFolderCopy(folder: string, listing: FsListing): Promise<void> {
  if (folder.length > DIRECTORY_PATH_MAX_LENGTH) return;
  const { db, module: cache } = await openDatabaseWith(import('@db/offline-cache'));
  await cache.keepDirectoryCopy(db, {
    path: folder,
    mountId: listing.mount_id,
    entries: folderCopyEntries(listing).map(keptEntry),
  });
}

/** The kept listing of `path`, read only: nothing can be changed without the server. */
export async function findFolderCopy(path: string): Promise<FolderCopy | null> {
  // Nothing kept where no local database exists yet: don't create one to find that out.
  if (!(await (await import('@db/database-name')).localDatabaseExists())) return null;
  const { db, module: cache } = await openDatabaseWith(import('@db/offline-cache'));
  const copy = await cache.directoryCopy(db, path);
  if (copy === null) return null;
  const items = copy.entries.map(
    (entry): FsEntry => ({
      name: entry.name,
      path: entry.path,
      isDirectory: entry.isDirectory,
      isMount: false,
      isVirtual: false,
      size: entry.size,
      modified: entry.modified,
      etag: null,
      contentType: entry.mimetype,
      mount_id: copy.mountId,
      storage_type: null,
    }),
  );
  return {
    savedAt: copy.cachedAt,
    partial: copy.entries.length >= FOLDER_COPY_MAX_ENTRIES,
    listing: {
      path: copy.path,
      isRoot: copy.path === '/',
      isVirtual: false,
      mount_id: copy.mountId,
      storage_type: null,
      canWrite: false,
      items,
      nextCursor: null,
    },
  };
}
