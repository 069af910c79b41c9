import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FallbackScreen } from './fallback-screen';

/** Shown when a screen's code could not be downloaded, typically while offline and uncached. */
export function OfflineFallback() {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <FallbackScreen title={t('fallback.offlineTitle')} message={t('fallback.offline')}>
      <button type="button" className="button" onClick={() => router.history.back()}>
        {t('fallback.back')}
      </button>
      {/* go(0) reloads the document: a chunk import that failed stays failed until then. */}
      <button type="button" className="button" onClick={() => router.history.go(0)}>
        {t('fallback.retry')}
      </button>
    </FallbackScreen>
  );
}
