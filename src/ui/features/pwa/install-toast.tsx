import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from './use-install-prompt';

/** "Install the app?" with Install and Not now (hidden for 7 days after a dismissal). */
export function InstallToast() {
  const { t } = useTranslation();
  const { visible, install, dismiss } = useInstallPrompt();
  if (!visible) return null;
  return (
    <div className="pwa-toast" role="group" aria-label={t('pwa.install.label')}>
      <p className="pwa-toast__message">{t('pwa.install.message')}</p>
      <div className="pwa-toast__actions">
        <button type="button" className="button" onClick={dismiss}>
          {t('pwa.install.later')}
        </button>
        <button type="button" className="button button--primary" onClick={install}>
          {t('pwa.install.install')}
        </button>
      </div>
    </div>
  );
}
