// What a path inside a mount names in storage: a file (an object at the key), a folder (a `key/`
// marker or anything below `key/`), or nothing. S3 has no folders of its own, so both count.
import type { ObjectHead, StorageDriver } from './storage-driver';
import { onStorage, type StorageName } from './on-storage';

export type Found = { kind: 'file'; head: ObjectHead } | { kind: 'folder'; modified: Date | null } | null;

type At = { driver: StorageDriver; storage: StorageName };
type Log = Parameters<typeof onStorage>[1];

export async function fileAt(at: At, key: string, logger: Log): Promise<ObjectHead | null> {
  if (key === '' || key.endsWith('/')) return null;
  return onStorage(at.storage, logger, () => at.driver.head(key));
}

export async function folderAt(at: At, key: string, logger: Log): Promise<{ modified: Date | null } | null> {
  if (key === '') return { modified: null };
  return onStorage(at.storage, logger, async () => {
    const marker = await at.driver.head(`${key}/`);
    if (marker !== null) return { modified: marker.lastModified };
    const page = await at.driver.list(`${key}/`, { limit: 1 });
    return page.objects.length > 0 || page.prefixes.length > 0 ? { modified: null } : null;
  });
}

/** The file at the key (unless the request asked for a folder), else the folder, else null. */
export async function probe(target: At & { key: string; folder: boolean }, logger: Log): Promise<Found> {
  if (!target.folder) {
    const head = await fileAt(target, target.key, logger);
    if (head !== null) return { kind: 'file', head };
  }
  const folder = await folderAt(target, target.key, logger);
  return folder === null ? null : { kind: 'folder', modified: folder.modified };
}
