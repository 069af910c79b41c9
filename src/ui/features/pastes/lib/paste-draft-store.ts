// The unsent paste kept in the local RxDB `settings` collection so a reload loses nothing.
// Imported lazily: the database code is large and the editor is usable before it arrives.
import * as z from 'zod/mini';
import { openDatabase } from '@ui/domain/database/open-database';
import { pasteFormatSchema } from '@shared/api/paste.schema';

const DRAFT_KEY = 'draft.paste';

const draftSchema = z.object({ content: z.string(), format: pasteFormatSchema });
export type PasteDraft = z.infer<typeof draftSchema>;

export async function loadDraft(): Promise<PasteDraft | null> {
  const db = await openDatabase();
  const doc = await db.settings.findOne(DRAFT_KEY).exec();
  if (!doc) return null;
  try {
    const parsed = z.safeParse(draftSchema, JSON.parse(doc.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function saveDraft(draft: PasteDraft): Promise<void> {
  const db = await openDatabase();
  await db.settings.upsert({ key: DRAFT_KEY, value: JSON.stringify(draft), updatedAt: Date.now() });
}

export async function clearDraft(): Promise<void> {
  const db = await openDatabase();
  const doc = await db.settings.findOne(DRAFT_KEY).exec();
  await doc?.remove();
}
