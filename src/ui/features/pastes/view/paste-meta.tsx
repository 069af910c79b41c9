import { useTranslation } from 'react-i18next';
import type { PasteView } from '@shared/api/paste.schema';
import { useDateTime } from '@ui/lib/page-zone';

/** Views (of the limit), expiry and creation time of a paste. */
export function PasteMeta({ paste }: { paste: Pick<PasteView, 'views' | 'maxViews' | 'expiresAt' | 'createdAt'> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const formatDateTime = useDateTime();
  const views =
    paste.maxViews === null
      ? String(paste.views)
      : t('pastes.meta.viewsOf', { views: paste.views, max: paste.maxViews });
  return (
    <dl className="paste-meta">
      <div>
        <dt>{t('pastes.meta.views')}</dt>
        <dd data-testid="paste-views">{views}</dd>
      </div>
      <div>
        <dt>{t('pastes.meta.expires')}</dt>
        <dd>{paste.expiresAt ? formatDateTime(paste.expiresAt, language) : t('pastes.meta.never')}</dd>
      </div>
      <div>
        <dt>{t('pastes.meta.created')}</dt>
        <dd>{formatDateTime(paste.createdAt, language)}</dd>
      </div>
    </dl>
  );
}
