import { useTranslation } from 'react-i18next';
import { useConnectionNotice } from './use-connection-notice';
import './pwa.css';

/** A slim line under the header, in the page flow so it never covers a field, while the connection is down and as it returns. */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const notice = useConnectionNotice();
  return (
    <div role="status" aria-live="polite" className="connection-banner-slot">
      {notice === 'offline' && <p className="connection-banner connection-banner--offline">{t('pwa.offline.message')}</p>}
      {notice === 'reconnected' && <p className="connection-banner connection-banner--online">{t('pwa.offline.back')}</p>}
    </div>
  );
}
