// A file share into the file basket, by its slug: "Download all" fetches it from the
// share's download link like any visitor, so only shares without a password can join.
import type { TFunction } from 'i18next';
import type { PublicFile } from '@shared/api/file-share.schema';
import { addToBasket } from '@ui/domain/basket/basket-store';

export async function addShareToBasket(file: PublicFile, t: TFunction): Promise<string> {
  const result = await addToBasket([
    { source: 'share', scope: 'public', path: file.slug, name: file.filename, isDirectory: false, size: file.size },
  ]);
  if (result === null) return t('basket.unavailable');
  return result.added === 0 ? t('basket.alreadyIn') : t('basket.added', { count: result.added });
}
