import { useTranslation } from 'react-i18next';
import { useOfflineNotice } from './use-offline-notice';

export function OfflineToast() {
  const { t } = useTranslation();
  const { visible, dismiss } = useOfflineNotice();
  return (
    <div role="alert" className="pwa-toast-slot">
      {visible && (
        <div className="pwa-toast pwa-toast--warning">
          <p className="pwa-toast__message">{t('pwa.offline.message')}</p>
          <div className="pwa-toast__actions">
            <button type="button" className="button" onClick={dismiss}>
              {t('pwa.offline.dismiss')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
