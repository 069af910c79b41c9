// The local database's name, and whether this browser holds it yet, without loading RxDB: the
// home page asks before its first paint's idle time whether there can be a draft to restore,
// and a first-time visitor's answer (no) keeps the database code off the page entirely.
// The name is the product's and never changes: a release that changes a collection's
// shape raises that schema's version and adds a migration, so drafts and queued writes survive.
import { APP_NAME } from '@shared/limits';

/** RxDB names must match ^[a-z][_$a-z0-9-]*$, so "Clipdock" becomes clipdock. */
export function databaseNameFor(appName: string): string {
  return appName.toLowerCase().replace(/[^_$a-z0-9-]/g, '_');
}

export const DATABASE_NAME = databaseNameFor(APP_NAME);

/**
 * Whether any IndexedDB database of `name` exists (the Dexie storage keeps one per collection,
 * each named after the database). Browsers that cannot list databases answer yes, so the caller
 * opens the database as before.
 */
export async function localDatabaseExists(
  name: string = DATABASE_NAME,
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<boolean> {
  if (factory === undefined) return false;
  if (typeof factory.databases !== 'function') return true;
  try {
    const databases = await factory.databases();
    return databases.some((database) => database.name?.includes(`-${name}--`) === true || database.name === name);
  } catch {
    return true;
  }
}
