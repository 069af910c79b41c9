// Offline copies of what the user opened (spec §3, §9): a copy older than the offline cache
// expiry (7 days) is never shown and is deleted when met or swept.
import type { ClipdockDatabase } from './database';
import type { PasteDoc } from './schemas/pastes.schema';

export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export async function keepPasteCopy(db: ClipdockDatabase, copy: Omit<PasteDoc, 'cachedAt'>, now: number = Date.now()): Promise<void> {
  await db.pastes.upsert({ ...copy, cachedAt: now });
}

/** The copy of a paste, unless there is none or it expired (then it is deleted). */
export async function pasteCopy(db: ClipdockDatabase, slug: string, now: number = Date.now()): Promise<PasteDoc | null> {
  const doc = await db.pastes.findOne(slug).exec();
  if (doc === null) return null;
  if (doc.cachedAt <= now - OFFLINE_CACHE_MAX_AGE_MS) {
    await doc.remove();
    return null;
  }
  return doc.toMutableJSON();
}

export async function forgetPasteCopy(db: ClipdockDatabase, slug: string): Promise<void> {
  await (await db.pastes.findOne(slug).exec())?.remove();
}

/** Deletes every expired copy in the cache collections. */
export async function sweepOfflineCopies(db: ClipdockDatabase, now: number = Date.now()): Promise<void> {
  const selector = { cachedAt: { $lte: now - OFFLINE_CACHE_MAX_AGE_MS } };
  await Promise.all([db.pastes.find({ selector }).remove(), db.files.find({ selector }).remove(), db.directories.find({ selector }).remove()]);
}
