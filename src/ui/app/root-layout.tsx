import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PwaPrompts } from '../features/pwa/pwa-prompts';
import { SiteFooter } from '../components/site-footer';
import { TopNav } from '../components/top-nav';

export function RootLayout() {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <TopNav />
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <PwaPrompts />
    </div>
  );
}
