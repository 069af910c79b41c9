// One basket entry: its name (a folder with its file count once counted), its size (a folder's
// once counted in the background, "counting…" before, a hint when it could not be counted: it
// downloads all the same), its download status and its remove button.
import { useTranslation } from 'react-i18next';
import { entrySize } from '@db/basket-summary';
import type { BasketItemDoc } from '@db/schemas/basket.schema';
import { apiErrorKinds, type ApiErrorKind } from '@shared/api-error';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { removeFromBasket } from '@ui/domain/basket/basket-store';
import { formatBytes } from '@ui/lib/format-bytes';

const isKind = (value: string): value is ApiErrorKind => (apiErrorKinds as readonly string[]).includes(value);

export function BasketRow({ item, busy }: { item: BasketItemDoc; busy: boolean }) {
  const { t } = useTranslation();
  const size = entrySize(item);
  const reason =
    item.sizeError !== null && isKind(item.sizeError) ? apiErrorMessage(t, { kind: item.sizeError }) : null;
  return (
    <li className="basket-item" data-status={item.status}>
      <span className="basket-item__name" title={item.path}>
        {item.name}
        {item.isDirectory && (
          <span className="basket-item__kind">
            {item.files === null ? t('basket.folder') : t('basket.folderFiles', { count: item.files })}
          </span>
        )}
      </span>
      {item.size !== null ? (
        <data className="basket-item__size" value={item.size}>
          {formatBytes(item.size)}
        </data>
      ) : (
        <span className="basket-item__size">{size === 'counting' ? t('basket.counting') : '—'}</span>
      )}
      <span className="basket-item__status" title={item.error ?? undefined}>
        {t(`basket.status.${item.status}`)}
      </span>
      <button
        type="button"
        className="button basket-item__remove"
        disabled={busy}
        aria-label={t('basket.remove', { name: item.name })}
        onClick={() => void removeFromBasket(item.id)}
      >
        {t('basket.removeShort')}
      </button>
      {item.isDirectory && size === 'unknown' && (
        <span className="basket-item__hint">{t('basket.countFailed', { reason: reason ?? '' }).trim()}</span>
      )}
    </li>
  );
}
