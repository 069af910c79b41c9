// The app-wide update prompt (only when a service worker is registered, i.e. in production
// builds) and the install prompt (when the browser offers installation). Rendered once, in the
// root layout; the connection banner sits in the page flow.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getServiceWorker } from './register-sw';
import { InstallToast } from './install-toast';
import { UpdateToast } from './update-toast';
import './pwa.css';

export function PwaPrompts() {
  const { t } = useTranslation();
  const [workbox] = useState(getServiceWorker);
  return (
    <section className="pwa-toasts" aria-label={t('pwa.region')}>
      {workbox && <UpdateToast workbox={workbox} />}
      <InstallToast />
    </section>
  );
}
