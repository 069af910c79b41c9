// Starts the app: i18n, the router, the app's services (the API client and auth actor, from
// start-services.ts), the React root. Loaded by the entry (main.tsx) once the browser has painted
// index.html's static frame. index.html has told zod already that the page's CSP forbids eval.
//
// A visitor with no stored session on a page that paints without the services (the home page,
// `staticData.paintsWithoutServices`) gets the first render first: the services are created after
// its frame is painted (app-root.tsx), or as soon as something asks for them.
//
// Why in stages: evaluating the whole app at once is one task of several hundred milliseconds on
// a slow phone, during which the page cannot answer a tap. Each stage below is evaluated in its
// own task, with a turn of the event loop between them (its modules share one preloaded file, but
// each module's body runs at its first import: scripts/first-load-chunks.ts), and the first
// render runs as a transition, which React slices. The
// router has loaded the page's route before that render: an update arriving during a sliced render
// makes React render the whole tree again in one piece.
import { startTransition } from 'react';
import { hasStoredCredential } from '@machines/auth-storage-keys';
import { resolveApiBaseUrl } from '@ui/lib/base-url';
import { captureInstallOffers } from '@ui/domain/app-install/install-prompt-capture';
import { deferredServices, readyServices } from '@ui/domain/services/services-source';
import { servedRendering } from '@ui/domain/shares/server-share';
import type { HeldClicks } from './early-clicks';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function start(earlyClicks?: HeldClicks): Promise<void> {
  captureInstallOffers();
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const { createI18n } = await import('./i18n');
  const storage = window.localStorage;
  // A page the server rendered is adopted in the language it was rendered in.
  const i18n = createI18n(storage, navigator.language, servedRendering()?.language);
  await nextTask();
  const { createAppRouter } = await import('./router');
  await nextTask();
  const router = createAppRouter(i18n);
  await nextTask();
  // Settled before the first render: a route still loading would interrupt it with updates React
  // then renders in one piece.
  await router.load().catch(() => undefined);
  await nextTask();
  const createServices = () => import('./start-services').then(({ startServices }) => startServices(storage));
  const paintsFirst =
    !hasStoredCredential(storage) &&
    router.state.matches.some((match) => match.staticData.paintsWithoutServices === true);
  const services = paintsFirst
    ? deferredServices(createServices, () => resolveApiBaseUrl(window.appConfig, storage))
    : readyServices(await createServices());
  await nextTask();
  const { AppRoot } = await import('./app-root');
  const root = document.getElementById('root');
  if (root === null) return;
  // The server's view of a share is adopted first, in place (share-island.tsx); the root's render
  // below then shows that very element where the route's view goes.
  const replay = earlyClicks?.release();
  const { hydrateShareIsland } = await import('./share-island');
  await hydrateShareIsland({ i18n, services, router, onAdopted: () => replay?.() });
  const reactRoot = createRoot(root);
  // index.html's frame stays on screen until this render commits.
  startTransition(() =>
    reactRoot.render(<AppRoot i18n={i18n} storage={storage} services={services} router={router} />),
  );
}
