import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@ui/lib/use-document-title';

/** The 404 and 410 screens of a share link; the tab says what happened, not "Shared file". */
export function FileUnavailable({ reason }: { reason: 'notFound' | 'gone' }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`fileView.${reason}.title`));
  return (
    <section className="page fallback" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {t(`fileView.${reason}.title`)}
      </h1>
      <p>{t(`fileView.${reason}.message`)}</p>
      <div className="actions">
        <Link to="/" className="button button--primary">
          {t('fileView.home')}
        </Link>
      </div>
    </section>
  );
}
