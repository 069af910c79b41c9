// Multipart uploads a reload or a closed tab interrupted (uploads that resume), kept in
// this browser as one RxDB `settings` entry, the way recent uploads are. The same file chosen
// again (same name, size and last-modified time) resumes; entries older than the server's pending
// limit are forgotten, since the server's sweeper has removed their parts by then.
import * as z from 'zod/mini';
import { openDatabase } from '@ui/domain/database/open-database';
import { PENDING_UPLOAD_TTL_MS } from '@shared/limits';
import { sealWithSchema } from '@workers/protocol';

const KEY = 'upload.unfinished';
/** More than anyone leaves unfinished; the oldest go first. */
const UNFINISHED_LIMIT = 20;

const unfinishedUploadSchema = z.object({
  fileId: z.string().check(z.minLength(1)),
  uploadId: z.string().check(z.minLength(1)),
  filename: z.string().check(z.minLength(1)),
  size: z.number().check(z.int(), z.nonnegative()),
  lastModified: z.number(),
  startedAt: z.number(),
  /** An encrypted upload's key and header, kept only for the upload's life (docs/encryption.md). */
  e2ee: z.optional(sealWithSchema),
});
export type UnfinishedUpload = z.infer<typeof unfinishedUploadSchema>;
export type FileIdentity = Pick<UnfinishedUpload, 'filename' | 'size' | 'lastModified'>;

function parseList(value: string | undefined, now: number): UnfinishedUpload[] {
  if (value === undefined) return [];
  try {
    const parsed = z.safeParse(z.array(unfinishedUploadSchema), JSON.parse(value));
    return parsed.success ? parsed.data.filter((entry) => entry.startedAt > now - PENDING_UPLOAD_TTL_MS) : [];
  } catch {
    return [];
  }
}

const sameFile = (a: FileIdentity, b: FileIdentity) =>
  a.filename === b.filename && a.size === b.size && a.lastModified === b.lastModified;

let writes: Promise<void> = Promise.resolve();

function change(edit: (list: UnfinishedUpload[]) => UnfinishedUpload[]): Promise<void> {
  writes = writes.then(async () => {
    const db = await openDatabase();
    const now = Date.now();
    const doc = await db.settings.findOne(KEY).exec();
    const list = edit(parseList(doc?.value, now)).slice(0, UNFINISHED_LIMIT);
    await db.settings.upsert({ key: KEY, value: JSON.stringify(list), updatedAt: now });
  });
  return writes.catch(() => undefined);
}

/** Remembers an upload the server now holds; it replaces an older one of the same file. */
export function rememberUnfinished(entry: UnfinishedUpload): Promise<void> {
  return change((list) => [entry, ...list.filter((item) => !sameFile(item, entry) && item.fileId !== entry.fileId)]);
}

export function forgetUnfinished(fileId: string): Promise<void> {
  return change((list) => list.filter((item) => item.fileId !== fileId));
}

/** The unfinished upload of that same file, if this browser has one; null when the store cannot be read. */
export async function findUnfinished(file: FileIdentity): Promise<UnfinishedUpload | null> {
  try {
    await writes;
    const db = await openDatabase();
    const doc = await db.settings.findOne(KEY).exec();
    return parseList(doc?.value, Date.now()).find((item) => sameFile(item, file)) ?? null;
  } catch {
    return null;
  }
}

/** Uploads this page is sending right now: remembered for a reload, but not unfinished while they run. */
const running = new Set<string>();
const runningListeners = new Set<() => void>();

/** Marks an upload as running in this page (or no longer); the watched list leaves it out meanwhile. */
export function markRunning(fileId: string, isRunning: boolean): void {
  if (isRunning === running.has(fileId)) return;
  if (isRunning) running.add(fileId);
  else running.delete(fileId);
  for (const listener of runningListeners) listener();
}

/** Calls `onChange` with the list now and after every change, without the uploads running here; returns the unsubscribe. */
export function watchUnfinished(onChange: (list: UnfinishedUpload[]) => void): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  let last: UnfinishedUpload[] | null = null;
  const emit = () => {
    if (last !== null) onChange(last.filter((item) => !running.has(item.fileId)));
  };
  runningListeners.add(emit);
  openDatabase().then(
    (db) => {
      if (stopped) return;
      const subscription = db.settings.findOne(KEY).$.subscribe((doc) => {
        last = parseList(doc?.value, Date.now());
        emit();
      });
      stop = () => subscription.unsubscribe();
    },
    () => onChange([]),
  );
  return () => {
    stopped = true;
    runningListeners.delete(emit);
    stop?.();
  };
}
