// Offline copies of what the user opened: pastes, file pages and folder listings.
// A copy older than the offline cache expiry (7 days) is never shown and is deleted when met or
// swept. Search history is kept too, newest first, capped. What only a signed-in session could
// see (folder listings, searches) goes when that session ends; share pages are public and stay.
import type { RxCollection } from 'rxdb';
import type { ClipdockDatabase } from './database';
import type { DirectoryDoc } from './schemas/directories.schema';
import type { FileDoc } from './schemas/files.schema';
import type { PasteDoc } from './schemas/pastes.schema';
import type { SearchHistoryDoc } from './schemas/search-history.schema';

export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Searches kept per scope; older ones are dropped as new ones come. */
export const SEARCH_HISTORY_LIMIT = 20;

type Cached = { cachedAt: number };

/** The copy under `key`, unless there is none or it expired (then it is deleted). */
async function freshCopy<T extends Cached>(collection: RxCollection<T>, key: string, now: number): Promise<T | null> {
  const doc = await collection.findOne(key).exec();
  if (doc === null) return null;
  if (doc.get('cachedAt') <= now - OFFLINE_CACHE_MAX_AGE_MS) {
    await doc.remove();
    return null;
  }
  return doc.toMutableJSON() as T;
}

export async function keepPasteCopy(
  db: ClipdockDatabase,
  copy: Omit<PasteDoc, 'cachedAt'>,
  now: number = Date.now(),
): Promise<void> {
  await db.pastes.upsert({ ...copy, cachedAt: now });
}

export function pasteCopy(db: ClipdockDatabase, slug: string, now: number = Date.now()): Promise<PasteDoc | null> {
  return freshCopy(db.pastes, slug, now);
}

export async function forgetPasteCopy(db: ClipdockDatabase, slug: string): Promise<void> {
  await (await db.pastes.findOne(slug).exec())?.remove();
}

export async function keepFileCopy(
  db: ClipdockDatabase,
  copy: Omit<FileDoc, 'cachedAt'>,
  now: number = Date.now(),
): Promise<void> {
  await db.files.upsert({ ...copy, cachedAt: now });
}

export function fileCopy(db: ClipdockDatabase, slug: string, now: number = Date.now()): Promise<FileDoc | null> {
  return freshCopy(db.files, slug, now);
}

export async function forgetFileCopy(db: ClipdockDatabase, slug: string): Promise<void> {
  await (await db.files.findOne(slug).exec())?.remove();
}

export async function keepDirectoryCopy(
  db: ClipdockDatabase,
  copy: Omit<DirectoryDoc, 'cachedAt'>,
  now: number = Date.now(),
): Promise<void> {
  await db.directories.upsert({ ...copy, cachedAt: now });
}

export function directoryCopy(
  db: ClipdockDatabase,
  path: string,
  now: number = Date.now(),
): Promise<DirectoryDoc | null> {
  return freshCopy(db.directories, path, now);
}

/** Records a search (a repeat only moves it to the front) and drops the oldest past the limit. */
export async function rememberSearch(
  db: ClipdockDatabase,
  scope: string,
  query: string,
  now: number = Date.now(),
): Promise<void> {
  const trimmed = query.trim();
  if (trimmed === '') return;
  await db.search_history.upsert({ id: `${scope}|${trimmed}`, scope, query: trimmed, timestamp: now });
  const older = await db.search_history
    .find({ selector: { scope }, sort: [{ timestamp: 'desc' }], skip: SEARCH_HISTORY_LIMIT })
    .exec();
  if (older.length > 0) await db.search_history.bulkRemove(older.map((doc) => doc.primary));
}

/** Past searches of a scope, newest first. */
export async function recentSearches(db: ClipdockDatabase, scope: string): Promise<SearchHistoryDoc[]> {
  const docs = await db.search_history
    .find({ selector: { scope }, sort: [{ timestamp: 'desc' }], limit: SEARCH_HISTORY_LIMIT })
    .exec();
  return docs.map((doc) => doc.toMutableJSON());
}

/** Deletes every expired copy in the cache collections. */
export async function sweepOfflineCopies(db: ClipdockDatabase, now: number = Date.now()): Promise<void> {
  const selector = { cachedAt: { $lte: now - OFFLINE_CACHE_MAX_AGE_MS } };
  await Promise.all([
    db.pastes.find({ selector }).remove(),
    db.files.find({ selector }).remove(),
    db.directories.find({ selector }).remove(),
  ]);
}

/**
 * Forgets what a signed-in session saw: folder listings and searches, which the next person at
 * this browser may not be allowed to see. RxDB keeps a removed document (its deletion state, with
 * its data) until a cleanup purges it; nothing here replicates, so it is purged at once.
 */
export async function forgetSessionCopies(db: ClipdockDatabase): Promise<void> {
  await Promise.all(
    [db.directories, db.search_history].map(async (collection) => {
      await collection.find().remove();
      while (!(await collection.storageInstance.cleanup(0))) {
        // cleanup() answers false while deleted documents remain to purge.
      }
    }),
  );
}
