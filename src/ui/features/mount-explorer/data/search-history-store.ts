// The explorer's recent searches (issue 10), kept in the local database's `search_history`
// collection, newest first, at most the offline cache's limit per scope (issue 11: search history
// is kept locally). The database module loads only when the search box is used.
import { SEARCH_QUERY_MAX_LENGTH } from '@db/schemas/search-history.schema';
import { openDatabase, openDatabaseWith } from '@ui/domain/database/open-database';

export const SEARCH_HISTORY_SHOWN = 8;

export async function rememberSearch(query: string, scope: string): Promise<void> {
  const text = query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  if (text === '') return;
  try {
    const { db, module: cache } = await openDatabaseWith(import('@db/offline-cache'));
    await cache.rememberSearch(db, scope, text);
  } catch {
    // A browser without IndexedDB simply keeps no history.
  }
}

export async function recentSearches(): Promise<string[]> {
  try {
    const db = await openDatabase();
    const docs = await db.search_history
      .find({ sort: [{ timestamp: 'desc' }], limit: SEARCH_HISTORY_SHOWN * 3 })
      .exec();
    return [...new Set(docs.map((doc) => doc.query))].slice(0, SEARCH_HISTORY_SHOWN);
  } catch {
    return [];
  }
}

export async function forgetSearches(): Promise<void> {
  try {
    const db = await openDatabase();
    await db.search_history.find().remove();
  } catch {
    // Nothing stored, nothing to forget.
  }
}
