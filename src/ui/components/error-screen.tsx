import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../app/use-document-title';

/** The generic screen for an unexpected rendering or loading error. */
export function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('fallback.errorTitle'));
  return (
    <section className="page fallback" role="alert" aria-labelledby="error-title">
      <h1 id="error-title" className="page__title">
        {t('fallback.errorTitle')}
      </h1>
      <p>{t('fallback.error')}</p>
      <div className="actions">
        <Link to="/" className="button button--primary">
          {t('fallback.home')}
        </Link>
        <button type="button" className="button" onClick={onRetry}>
          {t('fallback.retry')}
        </button>
      </div>
    </section>
  );
}
