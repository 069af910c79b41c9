import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../app/use-document-title';

/** Shown when a screen's code could not be downloaded, typically while offline and uncached. */
export function OfflineFallback() {
  const { t } = useTranslation();
  const router = useRouter();
  useDocumentTitle(t('fallback.offlineTitle'));
  return (
    <section className="page fallback" role="alert" aria-labelledby="fallback-title">
      <h1 id="fallback-title" className="page__title">
        {t('fallback.offlineTitle')}
      </h1>
      <p>{t('fallback.offline')}</p>
      <div className="actions">
        <Link to="/" className="button button--primary">
          {t('fallback.home')}
        </Link>
        <button type="button" className="button" onClick={() => router.history.back()}>
          {t('fallback.back')}
        </button>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('fallback.retry')}
        </button>
      </div>
    </section>
  );
}
