// The shared paste contract has no format field, so the choice of plain text is remembered in
// this browser only (RxDB `settings`, key per slug); elsewhere a paste renders as Markdown.
import { getDatabase } from '../../../../db/database';
import { pasteFormats, type PasteFormat } from './paste-format';

const keyOf = (slug: string) => `paste.format.${slug}`;

export async function rememberFormat(slug: string, format: PasteFormat): Promise<void> {
  const db = await getDatabase();
  await db.settings.upsert({ key: keyOf(slug), value: JSON.stringify(format), updatedAt: Date.now() });
}

export async function formatOf(slug: string): Promise<PasteFormat> {
  const db = await getDatabase();
  const doc = await db.settings.findOne(keyOf(slug)).exec();
  const stored: unknown = doc ? JSON.parse(doc.value) : null;
  return pasteFormats.find((format) => format === stored) ?? 'markdown';
}
