// Explorer entries into the file basket: a file by its path, a folder by its path
// with everything below it (listed only when the basket is downloaded).
import type { TFunction } from 'i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import type { NewBasketItem } from '@db/basket';
import { addToBasket } from '@ui/domain/basket/basket-store';
import type { FsScope } from './data/fs-scope';

export function basketItemOf(scope: FsScope, entry: FsEntry): NewBasketItem {
  return {
    source: 'fs',
    scope,
    path: entry.path,
    name: entry.name,
    isDirectory: entry.isDirectory,
    size: entry.isDirectory ? null : entry.size,
  };
}

/** Adds the entries and answers the notice to show. */
export async function addEntriesToBasket(
  scope: FsScope,
  entries: readonly FsEntry[],
  t: TFunction,
): Promise<{ text: string; error: boolean }> {
  const result = await addToBasket(
    entries.filter((entry) => !entry.isVirtual).map((entry) => basketItemOf(scope, entry)),
  );
  if (result === null) return { text: t('basket.unavailable'), error: true };
  if (result.added === 0) return { text: t('basket.alreadyIn'), error: false };
  return { text: t('basket.added', { count: result.added }), error: false };
}
