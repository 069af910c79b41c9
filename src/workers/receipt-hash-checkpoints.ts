// Where a receipt's hash stood when a reload interrupted its upload: the hasher's saved state and
// how many bytes of the file it covers, kept in this browser's IndexedDB by upload. The resumed
// upload hashes only the rest of the file instead of reading all of it again.
import * as z from 'zod/mini';
import { PENDING_UPLOAD_TTL_MS } from '@shared/limits';

export type HashCheckpoint = { offset: number; state: Uint8Array };

export type HashCheckpoints = {
  /** The checkpoint of this upload if it was made from the same file (name, size, last change). */
  load(key: string, file: Blob): Promise<HashCheckpoint | null>;
  save(key: string, file: Blob, checkpoint: HashCheckpoint): Promise<void>;
  forget(key: string): Promise<void>;
};

const DATABASE = 'clipdock-receipt-hashes';
const STORE = 'checkpoints';

const rowSchema = z.object({
  key: z.string(),
  offset: z.number().check(z.int(), z.nonnegative()),
  // Bytes as IndexedDB clones them (in tests, from another realm than this one's Uint8Array).
  state: z.custom<Uint8Array>((value) => Object.prototype.toString.call(value) === '[object Uint8Array]'),
  size: z.number(),
  name: z.string(),
  lastModified: z.number(),
  savedAt: z.number(),
});

/** The same identity the request page resumes a file by. */
function identity(file: Blob) {
  return file instanceof File
    ? { size: file.size, name: file.name, lastModified: file.lastModified }
    : { size: file.size, name: '', lastModified: 0 };
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The upload a checkpoint belongs to. */
export const checkpointKey = (upload: { fileId: string; uploadId: string }) => `${upload.fileId}/${upload.uploadId}`;

/** Null where there is no IndexedDB (the hash then starts from the first byte after a reload). */
export function indexedDbCheckpoints(
  factory: IDBFactory | null = globalThis.indexedDB ?? null,
  now: () => number = Date.now,
): HashCheckpoints | null {
  if (factory === null) return null;
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = factory.open(DATABASE, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'key' });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    }).then(async (db) => {
      // Uploads the server's sweeper has removed by now leave nothing behind here either.
      const store = db.transaction(STORE, 'readwrite').objectStore(STORE);
      for (const value of await done(store.getAll())) {
        const row = z.safeParse(rowSchema, value);
        if (!row.success || now() - row.data.savedAt > PENDING_UPLOAD_TTL_MS) {
          const key = z.safeParse(z.object({ key: z.string() }), value);
          if (key.success) store.delete(key.data.key);
        }
      }
      return db;
    });
    return opened;
  };
  const store = async (mode: IDBTransactionMode) => (await database()).transaction(STORE, mode).objectStore(STORE);

  return {
    async load(key, file) {
      const row = z.safeParse(rowSchema, await done((await store('readonly')).get(key)));
      if (!row.success) return null;
      const { offset, state, savedAt, ...kept } = row.data;
      const same = identity(file);
      const fits =
        kept.size === same.size &&
        kept.name === same.name &&
        kept.lastModified === same.lastModified &&
        offset <= file.size &&
        now() - savedAt <= PENDING_UPLOAD_TTL_MS;
      return fits ? { offset, state: Uint8Array.from(state) } : null;
    },
    async save(key, file, { offset, state }) {
      await done((await store('readwrite')).put({ key, offset, state, ...identity(file), savedAt: now() }));
    },
    async forget(key) {
      await done((await store('readwrite')).delete(key));
    },
  };
}
