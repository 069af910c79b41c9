// The file basket in the local database, so it survives reloads. A folder stands for
// everything in it at download time: adding a folder takes the entries below it out of the
// basket, and adding something below a folder already there adds nothing. A folder's size is
// counted in the background after it joins (`setFolderSize`), for the large-download warning.
import type { ClipdockDatabase } from './database';
import type { BasketItemDoc, BasketStatus } from './schemas/basket.schema';

export type NewBasketItem = Pick<BasketItemDoc, 'source' | 'scope' | 'path' | 'name' | 'isDirectory' | 'size'>;

export function basketItemId(item: Pick<BasketItemDoc, 'source' | 'scope' | 'path'>): string {
  return `${item.source}|${item.scope}|${item.path}`;
}

const folderPrefix = (path: string) => (path.endsWith('/') ? path : `${path}/`);

/** Whether `inner` lies inside the folder `outer` of the same mount scope. */
export function liesWithin(
  inner: Pick<BasketItemDoc, 'source' | 'scope' | 'path'>,
  outer: Pick<BasketItemDoc, 'source' | 'scope' | 'path' | 'isDirectory'>,
): boolean {
  if (!outer.isDirectory || inner.source !== 'fs' || outer.source !== 'fs' || inner.scope !== outer.scope) return false;
  const prefix = folderPrefix(outer.path);
  return inner.path !== outer.path && inner.path.startsWith(prefix);
}

export type BasketAddResult = { added: number; alreadyIn: number };

export async function addToBasket(
  db: ClipdockDatabase,
  items: readonly NewBasketItem[],
  now: () => number = Date.now,
): Promise<BasketAddResult> {
  const current = await db.basket_items.find().exec();
  const kept = current.map((doc) => doc.toMutableJSON());
  let added = 0;
  let alreadyIn = 0;
  for (const item of items) {
    const id = basketItemId(item);
    if (kept.some((doc) => doc.id === id || liesWithin(item, doc))) {
      alreadyIn += 1;
      continue;
    }
    const doc: BasketItemDoc = {
      ...item,
      id,
      files: null,
      sizeError: null,
      status: 'pending',
      error: null,
      addedAt: now(),
    };
    const covered = kept.filter((other) => liesWithin(other, doc));
    if (covered.length > 0) await db.basket_items.bulkRemove(covered.map((other) => other.id));
    await db.basket_items.insert(doc);
    kept.splice(0, kept.length, ...kept.filter((other) => !covered.includes(other)), doc);
    added += 1;
  }
  return { added, alreadyIn };
}

export async function basketItems(db: ClipdockDatabase): Promise<BasketItemDoc[]> {
  const docs = await db.basket_items.find({ sort: [{ addedAt: 'asc' }] }).exec();
  return docs.map((doc) => doc.toMutableJSON());
}

/** Calls `onChange` with the basket now and after every change; returns the unsubscribe. */
export function watchBasket(db: ClipdockDatabase, onChange: (items: BasketItemDoc[]) => void): () => void {
  const subscription = db.basket_items
    .find({ sort: [{ addedAt: 'asc' }] })
    .$.subscribe((docs) => onChange(docs.map((doc) => doc.toMutableJSON())));
  return () => subscription.unsubscribe();
}

export async function removeFromBasket(db: ClipdockDatabase, id: string): Promise<void> {
  await db.basket_items.findOne(id).remove();
}

export async function clearBasket(db: ClipdockDatabase): Promise<void> {
  await db.basket_items.find().remove();
}

export async function setBasketStatus(
  db: ClipdockDatabase,
  id: string,
  status: BasketStatus,
  error: string | null = null,
): Promise<void> {
  const doc = await db.basket_items.findOne(id).exec();
  if (doc === null || (doc.status === status && doc.error === error)) return;
  await doc.incrementalPatch({ status, error });
}

/** Where a folder's background count stands: started again, done, or failed (the folder still downloads). */
export type FolderCount =
  | { kind: 'counting' }
  | { kind: 'counted'; bytes: number; files: number }
  | { kind: 'failed'; error: string };

/** Records a folder's count; one begun for an entry since removed, or removed and added again, is dropped. */
export async function setFolderSize(
  db: ClipdockDatabase,
  entry: Pick<BasketItemDoc, 'id' | 'addedAt'>,
  count: FolderCount,
): Promise<void> {
  const doc = await db.basket_items.findOne(entry.id).exec();
  if (doc === null || doc.addedAt !== entry.addedAt || !doc.isDirectory) return;
  if (count.kind === 'counted') await doc.incrementalPatch({ size: count.bytes, files: count.files, sizeError: null });
  else
    await doc.incrementalPatch({
      size: null,
      files: null,
      sizeError: count.kind === 'failed' ? count.error.slice(0, 100) : null,
    });
}

/** A download a reload or a closed tab interrupted left entries preparing or downloading: they wait again. */
export async function resetInterrupted(db: ClipdockDatabase): Promise<number> {
  const docs = await db.basket_items.find({ selector: { status: { $in: ['preparing', 'downloading'] } } }).exec();
  await Promise.all(docs.map((doc) => doc.incrementalPatch({ status: 'pending', error: null })));
  return docs.length;
}
