import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '../components/site-footer';
import { TopNav } from '../components/top-nav';
import { whenIdle } from '../lib/when-idle';
import { EnvSwitcherSlot } from './env-switcher-slot';

// The update prompt (Workbox, the sw-update machine, the service worker's registration) is not
// needed to use a page: it loads in idle time after the first paint. The offline notice loads
// with the first render, while the network is surely there, so it can show when it goes.
const PwaPrompts = lazy(() => import('../features/pwa/pwa-prompts').then((m) => ({ default: m.PwaPrompts })));
const ConnectionBanner = lazy(() => import('../features/pwa/connection-banner').then((m) => ({ default: m.ConnectionBanner })));

export function RootLayout() {
  const { t } = useTranslation();
  // index.html paints a static frame of this shell before any script runs; it goes in the same
  // commit as the first real frame, before the browser paints again.
  useLayoutEffect(() => document.getElementById('shell-frame')?.remove(), []);
  const [settled, setSettled] = useState(false);
  useEffect(() => whenIdle(() => setSettled(true)), []);
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <TopNav />
      <Suspense fallback={null}>
        <ConnectionBanner />
      </Suspense>
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <EnvSwitcherSlot />
      <SiteFooter />
      {settled && (
        <Suspense fallback={null}>
          <PwaPrompts />
        </Suspense>
      )}
    </div>
  );
}
