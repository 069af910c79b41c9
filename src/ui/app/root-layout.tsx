import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '@ui/components/site-footer';
import { TopNav } from '@ui/components/top-nav';
import { ConnectionBanner } from '@ui/features/pwa/connection-banner';
import { useAuthActor, useAuthView } from '@ui/domain/session/auth-provider';
import { useHasTasks } from '@ui/domain/tasks/task-provider';
import { useBasketRemembered } from '@ui/domain/basket/basket-remembered';
import { whenIdle } from '@ui/lib/when-idle';
import { whenPresented } from '@ui/lib/when-presented';
import { EnvSwitcherSlot } from './env-switcher-slot';
import { loadLocaleBundles } from './locale-bundles';

// The update prompt (Workbox, the sw-update machine, the service worker's registration) is not
// needed to use a page: it loads in idle time once the first render is on screen, and a page that
// lost its network before then simply goes without it. The offline notice is part of the shell itself: it
// must show when the network goes, which is exactly when no chunk can be fetched any more.
const PwaPrompts = lazy(() =>
  import('@ui/features/pwa/pwa-prompts').then(
    (m): { default: ComponentType } => ({ default: m.PwaPrompts }),
    () => ({ default: () => null }),
  ),
);

// The task and basket buttons and panels: their own chunk and strings, loaded together once there
// is something to show; a chunk that cannot load leaves the header without them.
const shellPanelsChunk = () =>
  import('@ui/features/basket/shell-panels').then(
    (m): { default: ComponentType<{ showBasket: boolean }> } => ({ default: m.ShellPanels }),
    () => ({ default: () => null }),
  );
const ShellPanels = lazy(shellPanelsChunk);

function TransferPanels({ showBasket }: { showBasket: boolean }) {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.all([loadLocaleBundles(i18n, 'transfers'), shellPanelsChunk()]).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [i18n]);
  return ready ? (
    <Suspense fallback={null}>
      <ShellPanels showBasket={showBasket} />
    </Suspense>
  ) : null;
}

export function RootLayout() {
  const { t } = useTranslation();
  // index.html paints a static frame of this shell before any script runs; it goes in the same
  // commit as the first real frame, before the browser paints again.
  useLayoutEffect(() => document.getElementById('shell-frame')?.remove(), []);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    const cancel = whenPresented(() => {
      cancelIdle = whenIdle(() => setSettled(true));
    });
    return () => {
      cancel();
      cancelIdle?.();
    };
  }, []);
  // A signed-in user's writes (the admin panel, their pastes) may be queued offline: the local
  // database's code is fetched in idle time so it is there when the network is not. A visitor
  // who only reads a share loads none of it.
  const { status } = useAuthView();
  const signedIn = status === 'admin' || status === 'apikey';
  useEffect(
    () =>
      signedIn
        ? whenIdle(
            () =>
              void import('@ui/domain/offline-queue/offline-queue-store').then(({ warmQueueStore }) =>
                warmQueueStore(),
              ),
            10_000,
          )
        : undefined,
    [signedIn],
  );
  const hasTasks = useHasTasks();
  const hasBasket = useBasketRemembered();
  const panels = signedIn || hasTasks || hasBasket;
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <TopNav
        tools={panels && <TransferPanels showBasket={signedIn || hasBasket} />}
        session={status === 'apikey' && <ApiKeyLogout />}
      />
      <ConnectionBanner />
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

/**
 * An API-key session ends from any page: a key may never see the panel (no module, or only the
 * mount explorer), where the admin's logout lives.
 */
function ApiKeyLogout() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  return (
    <button
      type="button"
      className="main-nav__link main-nav__button"
      onClick={() => actor.send({ type: 'auth.logout' })}
    >
      {t('nav.logoutKey')}
    </button>
  );
}
