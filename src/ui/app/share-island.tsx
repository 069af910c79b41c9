// A share page the server rendered (/paste/{slug}, /file/{slug}) is taken over by adopting its
// nodes: the share's view (the server's <div id="share-island">, src/ui/ssr/share-page-render.tsx)
// is hydrated in place with hydrateRoot, from the answer, language and date zone the server used
// (carried in the page: src/ui/domain/shares/server-share.ts), so nothing is drawn again and the element the
// visitor pressed is the element the app handles. The route's screen then shows that element where
// its own view would go (src/ui/lib/adopted-island.tsx). Clicks on the view made before this (the
// app's code still arriving) were held by the entry (early-clicks.ts) and are replayed here once the
// nodes are the app's; from hydrateRoot on, React itself replays what the visitor presses.
import type { i18n as I18n } from 'i18next';
import { StrictMode, type ReactNode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterContextProvider } from '@tanstack/react-router';
import { SHARE_ISLAND_ELEMENT_ID } from '@shared/share-page';
import { offerIsland } from '@ui/lib/adopted-island';
import { PageZone } from '@ui/lib/page-zone';
import { peekServerShare, servedRendering } from '@ui/domain/shares/server-share';
import { ServicesProvider } from '@ui/domain/services/services-provider';
import type { ServicesSource } from '@ui/domain/services/services-source';
import type { createAppRouter } from './router';

type IslandDeps = {
  i18n: I18n;
  services: ServicesSource;
  router: ReturnType<typeof createAppRouter>;
  /** Called once the adopted nodes are the app's (after hydration's commit). */
  onAdopted: () => void;
};

function Adopted({ onAdopted, children }: { onAdopted: () => void; children: ReactNode }) {
  useEffect(onAdopted, [onAdopted]);
  return children;
}

/** The view of the share this page came with, or undefined when it came with none. */
async function viewOf(kind: unknown, slug: string): Promise<ReactNode | undefined> {
  if (kind === 'paste') {
    const { PasteViewPage } = await import('@ui/features/pastes/paste-view-page');
    return <PasteViewPage slug={slug} />;
  }
  if (kind === 'file') {
    const { FileViewPage } = await import('@ui/features/file-view/file-view-page');
    return <FileViewPage slug={slug} />;
  }
  return undefined;
}

/** Hydrates the server's share view, if this page has one; whether it did. */
export async function hydrateShareIsland({ i18n, services, router, onAdopted }: IslandDeps): Promise<boolean> {
  const container = document.getElementById(SHARE_ISLAND_ELEMENT_ID);
  const served = peekServerShare();
  if (container === null || served === undefined || typeof served.slug !== 'string') return false;
  const { kind, slug } = served;
  const rendering = servedRendering();
  const view = await viewOf(kind, slug);
  if (view === undefined || (kind !== 'paste' && kind !== 'file')) return false;
  const root = hydrateRoot(
    container,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ServicesProvider source={services}>
          <RouterContextProvider router={router}>
            <PageZone offset={rendering?.zoneOffset}>
              <Adopted onAdopted={onAdopted}>{view}</Adopted>
            </PageZone>
          </RouterContextProvider>
        </ServicesProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  offerIsland({ kind, slug, container, root });
  return true;
}
