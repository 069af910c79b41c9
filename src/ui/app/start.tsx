// Starts the app: i18n, the API client and auth actor, the router, the React root. Loaded by the
// entry (main.tsx) once the browser has painted index.html's static frame. index.html has told
// zod already that the page's CSP forbids eval.
//
// Why in stages: evaluating the whole app at once is one task of several hundred milliseconds on
// a slow phone, during which the page cannot answer a tap. Each stage below is its own chunk
// (all fetched at once: index.html preloads them) evaluated in its own task, with a turn of the
// event loop between them, and the first render runs as a transition, which React slices.
import { startTransition } from 'react';
import { captureInstallOffers } from '../lib/install-prompt-capture';
import { withFirstRequest } from './first-request';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  captureInstallOffers();
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const { createI18n } = await import('./i18n');
  const storage = window.localStorage;
  const i18n = createI18n(storage, navigator.language);
  await nextTask();
  const { createAppServices } = await import('./app-services');
  const services = createAppServices(storage, withFirstRequest());
  await nextTask();
  const { createAppRouter } = await import('./router');
  const router = createAppRouter(i18n);
  await nextTask();
  const { AppRoot } = await import('./app-root');
  const root = document.getElementById('root');
  if (root === null) return;
  const reactRoot = createRoot(root);
  // index.html's frame stays on screen until this render commits.
  startTransition(() => reactRoot.render(<AppRoot i18n={i18n} storage={storage} services={services} router={router} />));
}

void start();
