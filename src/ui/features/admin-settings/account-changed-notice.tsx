import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountNotice } from './account-notice';
import './admin-settings.css';

/** Above the login screen once, right after the admin account changed and the session ended. */
export function AccountChangedNotice() {
  const { t } = useTranslation();
  const [shown] = useState(() => accountNotice.isMarked(window.sessionStorage));

  useEffect(() => {
    accountNotice.clear(window.sessionStorage);
  }, []);

  if (!shown) return null;
  return (
    <p role="status" className="notice account-notice">
      {t('settings.account.changed')}
    </p>
  );
}
