// The one way the page opens its local database (src/db/database.ts). The database's code (RxDB,
// Dexie, the schemas) is large and most first visits need none of it, so it loads on first use,
// never with the page or the store that asks: every store opens the database through here. A store
// that works through one of src/db's modules passes that module's dynamic import, and both
// download together.
import type { ClipdockDatabase } from '@db/database';

/** The page's one database, its code loaded on the first call; a failed opening is retried next call. */
export async function openDatabase(): Promise<ClipdockDatabase> {
  const { getDatabase } = await import('@db/database');
  return getDatabase();
}

/**
 * The database and the module `loading` imports (`import('@db/basket')`), fetched side by side:
 * `const { db, module: basket } = await openDatabaseWith(import('@db/basket'))`.
 */
export async function openDatabaseWith<M>(loading: Promise<M>): Promise<{ db: ClipdockDatabase; module: M }> {
  const [db, module] = await Promise.all([openDatabase(), loading]);
  return { db, module };
}

/**
 * Fetches the database's code, and `loading`'s, without opening it: a write queued later still
 * finds it when the network is gone and no service worker serves it yet.
 */
export function warmDatabase(loading: Promise<unknown>): void {
  Promise.all([import('@db/database'), loading]).catch(() => undefined);
}
