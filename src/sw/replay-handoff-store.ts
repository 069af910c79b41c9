// What the page leaves in IndexedDB for the service worker's background sync: the
// session's current credentials, rewritten by the page whenever they change and read by the
// worker at replay time (queued entries never carry a token), and the ids of entries the user
// discarded, which the worker drops instead of sending. Plain IndexedDB, shared by page and worker.
import * as z from 'zod/mini';

const DB_NAME = 'clipdock-replay';
const DB_VERSION = 1;
const SESSION = 'session';
const DISCARDED = 'discarded';
const CREDENTIALS_KEY = 'credentials';

export const replayCredentialsSchema = z.discriminatedUnion('scheme', [
  z.object({ scheme: z.literal('admin'), token: z.string().check(z.minLength(1)) }),
  z.object({ scheme: z.literal('apikey'), key: z.string().check(z.minLength(1)) }),
]);
export type ReplayCredentials = z.infer<typeof replayCredentialsSchema>;

function opened(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(SESSION)) db.createObjectStore(SESSION);
      if (!db.objectStoreNames.contains(DISCARDED)) db.createObjectStore(DISCARDED);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('the replay store did not open'));
  });
}

async function run<T>(
  store: string,
  mode: IDBTransactionMode,
  act: (objects: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await opened();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(store, mode);
      const request = act(transaction.objectStore(store));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('the replay store refused a change'));
      transaction.onabort = () => reject(transaction.error ?? new Error('the replay store aborted a change'));
    });
  } finally {
    db.close();
  }
}

/** The page: the session's credentials now (null once signed out). */
export async function writeReplayCredentials(credentials: ReplayCredentials | null): Promise<void> {
  if (credentials === null) await run(SESSION, 'readwrite', (objects) => objects.delete(CREDENTIALS_KEY));
  else await run(SESSION, 'readwrite', (objects) => objects.put(credentials, CREDENTIALS_KEY));
}

/** The worker, at replay time. */
export async function readReplayCredentials(): Promise<ReplayCredentials | null> {
  const stored: unknown = await run(SESSION, 'readonly', (objects) => objects.get(CREDENTIALS_KEY));
  const parsed = replayCredentialsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export async function markDiscarded(id: string): Promise<void> {
  await run(DISCARDED, 'readwrite', (objects) => objects.put(Date.now(), id));
}

/** True once: the worker forgets the id when it drops the entry. */
export async function takeDiscarded(id: string): Promise<boolean> {
  const marked: unknown = await run(DISCARDED, 'readonly', (objects) => objects.get(id));
  if (marked === undefined) return false;
  await run(DISCARDED, 'readwrite', (objects) => objects.delete(id));
  return true;
}

export function authorizationOf(credentials: ReplayCredentials): string {
  return credentials.scheme === 'admin' ? `Bearer ${credentials.token}` : `ApiKey ${credentials.key}`;
}
