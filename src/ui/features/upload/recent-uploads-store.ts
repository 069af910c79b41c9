// "Recent uploads" (the last 3) kept in this browser only, as one RxDB `settings` entry.
// Writes are chained so two files finishing together cannot overwrite each other's record.
import * as z from 'zod/mini';
import { openDatabase } from '@ui/domain/database/open-database';

export const RECENT_UPLOADS_LIMIT = 3;
const KEY = 'upload.recent';

const recentUploadSchema = z.object({
  slug: z.string(),
  filename: z.string(),
  size: z.number(),
  createdAt: z.string(),
});
export type RecentUpload = z.infer<typeof recentUploadSchema>;
const recentListSchema = z.array(recentUploadSchema);

function parseList(value: string | undefined): RecentUpload[] {
  if (value === undefined) return [];
  try {
    const parsed = z.safeParse(recentListSchema, JSON.parse(value));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

let writes: Promise<void> = Promise.resolve();

export function rememberUpload(entry: RecentUpload): Promise<void> {
  writes = writes.then(async () => {
    const db = await openDatabase();
    const doc = await db.settings.findOne(KEY).exec();
    const list = [entry, ...parseList(doc?.value).filter((item) => item.slug !== entry.slug)].slice(
      0,
      RECENT_UPLOADS_LIMIT,
    );
    await db.settings.upsert({ key: KEY, value: JSON.stringify(list), updatedAt: Date.now() });
  });
  return writes.catch(() => undefined);
}

/** Calls `onChange` with the list now and after every change; returns the unsubscribe. */
export function watchRecentUploads(onChange: (list: RecentUpload[]) => void): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  openDatabase().then(
    (db) => {
      if (stopped) return;
      const subscription = db.settings.findOne(KEY).$.subscribe((doc) => onChange(parseList(doc?.value)));
      stop = () => subscription.unsubscribe();
    },
    () => onChange([]),
  );
  return () => {
    stopped = true;
    stop?.();
  };
}
