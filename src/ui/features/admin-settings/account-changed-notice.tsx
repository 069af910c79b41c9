import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountNotice } from './account-notice';
import './admin-settings.css';

/** Above the login screen once, right after the admin account changed and the session ended. */
export function AccountChangedNotice() {
  const { t } = useTranslation();
  const [shown] = useState(() => accountNotice.isMarked(window.sessionStorage));
  const notice = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    accountNotice.clear(window.sessionStorage);
    // The settings screen was scrolled down to the account form: the notice is brought into view,
    // clear of the sticky header, and takes the focus so a screen reader reads it first.
    notice.current?.scrollIntoView?.({ block: 'start' });
    notice.current?.focus({ preventScroll: true });
  }, []);

  if (!shown) return null;
  return (
    <p ref={notice} role="status" tabIndex={-1} className="notice account-notice">
      {t('settings.account.changed')}
    </p>
  );
}
