import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import './shared.css';

type SignInNoticeProps = { reason: 'guest' | 'denied' | 'refused' };

/** Why creating may not work here, with the way to the admin login. */
export function SignInNotice({ reason }: SignInNoticeProps) {
  const { t } = useTranslation();
  return (
    <div
      className={`notice sign-in-notice sign-in-notice--${reason}`}
      role={reason === 'refused' ? 'alert' : undefined}
    >
      <p>{t(`pastes.access.${reason}`)}</p>
      <Link to="/admin" className="button">
        {t('pastes.access.signIn')}
      </Link>
    </div>
  );
}
