import { useTranslation } from 'react-i18next';
import { FallbackScreen } from './fallback-screen';

/** The generic screen for an unexpected rendering or loading error. */
export function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <FallbackScreen title={t('fallback.errorTitle')} message={t('fallback.error')}>
      <button type="button" className="button" onClick={onRetry}>
        {t('fallback.retry')}
      </button>
    </FallbackScreen>
  );
}
