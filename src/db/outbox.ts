// The offline queue as the rest of the app sees it. Entries are parsed with the shared zod
// schema when written and again when read back, because replay trusts nothing in IndexedDB.
import {
  OFFLINE_LAST_ERROR_MAX_LENGTH,
  offlineQueueEntrySchema,
  offlineQueueInputSchema,
} from '@shared/offline-queue.schema';
import type { OfflineQueueEntry, OfflineQueueInput, OfflineQueueStatus } from '@shared/offline-queue.schema';
import { replayableEndpoints, replayPath } from '@shared/offline-replay';
import { randomUuid } from '@shared/random-uuid';
import type { ClipdockCollections } from './database';

export type OfflineQueueCollection = ClipdockCollections['offline_queue'];

export type OutboxDeps = { now: () => number; newId: () => string };
const defaultDeps: OutboxDeps = { now: () => Date.now(), newId: randomUuid };

export type OfflineRequestChange = { status: 'syncing' } | { status: 'pending' } | { status: 'failed'; error: string };

/** Validates and stores a mutation made offline; throws a zod error (`$ZodError`) for a malformed input. */
export async function enqueueOfflineRequest(
  queue: OfflineQueueCollection,
  input: OfflineQueueInput,
  deps: OutboxDeps = defaultDeps,
): Promise<OfflineQueueEntry> {
  const parsed = offlineQueueInputSchema.parse(input);
  // A retry of a write already queued (same key) is the same write: it is not queued twice.
  if (parsed.idempotencyKey !== undefined) {
    const queued = await queue.findOne({ selector: { idempotencyKey: parsed.idempotencyKey } }).exec();
    if (queued !== null) return offlineQueueEntrySchema.parse(queued.toJSON());
  }
  const entry = offlineQueueEntrySchema.parse({
    ...parsed,
    id: deps.newId(),
    endpoint: replayPath(parsed.type, parsed.params),
    method: replayableEndpoints[parsed.type].method,
    timestamp: deps.now(),
    status: 'pending',
    idempotencyKey: parsed.idempotencyKey ?? deps.newId(),
    attempts: 0,
    lastError: null,
  });
  const doc = await queue.insert(entry);
  return offlineQueueEntrySchema.parse(doc.toJSON());
}

/**
 * Queued entries, oldest first, optionally of one status. An entry that no longer parses (for
 * example one written by an older release) can never be replayed, so it is deleted here.
 */
export async function listOfflineRequests(
  queue: OfflineQueueCollection,
  filter: { status?: OfflineQueueStatus } = {},
): Promise<OfflineQueueEntry[]> {
  const selector = filter.status === undefined ? {} : { status: filter.status };
  const docs = await queue.find({ selector, sort: [{ timestamp: 'asc' }] }).exec();
  const entries: OfflineQueueEntry[] = [];
  const unreadable: string[] = [];
  for (const doc of docs) {
    const parsed = offlineQueueEntrySchema.safeParse(doc.toJSON());
    if (parsed.success) entries.push(parsed.data);
    else unreadable.push(doc.primary);
  }
  if (unreadable.length > 0) await queue.bulkRemove(unreadable);
  return entries;
}

/** Calls `onChange` with every entry, oldest first, now and after each change; returns the unsubscribe. */
export function watchOfflineRequests(
  queue: OfflineQueueCollection,
  onChange: (entries: OfflineQueueEntry[]) => void,
): () => void {
  const subscription = queue.find({ sort: [{ timestamp: 'asc' }] }).$.subscribe((docs) => {
    onChange(
      docs.flatMap((doc) => {
        const parsed = offlineQueueEntrySchema.safeParse(doc.toJSON());
        return parsed.success ? [parsed.data] : [];
      }),
    );
  });
  return () => subscription.unsubscribe();
}

/** Records a replay attempt or its outcome; resolves to null when the entry is gone. */
export async function markOfflineRequest(
  queue: OfflineQueueCollection,
  id: string,
  change: OfflineRequestChange,
): Promise<OfflineQueueEntry | null> {
  const doc = await queue.findOne(id).exec();
  if (doc === null) return null;
  const current = offlineQueueEntrySchema.parse(doc.toJSON());
  const next = offlineQueueEntrySchema.parse({
    ...current,
    status: change.status,
    attempts: change.status === 'syncing' ? current.attempts + 1 : current.attempts,
    lastError: change.status === 'failed' ? change.error.slice(0, OFFLINE_LAST_ERROR_MAX_LENGTH) : current.lastError,
  });
  const updated = await doc.incrementalPatch({
    status: next.status,
    attempts: next.attempts,
    lastError: next.lastError,
  });
  return offlineQueueEntrySchema.parse(updated.toJSON());
}

/** Drops an entry: its replay was accepted, or the user discarded it. */
export async function removeOfflineRequest(queue: OfflineQueueCollection, id: string): Promise<void> {
  const doc = await queue.findOne(id).exec();
  await doc?.remove();
}
