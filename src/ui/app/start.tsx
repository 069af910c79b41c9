// Starts the app: i18n, the API client and auth actor, the router, the React root. Loaded by the
// entry (main.tsx) once the browser has painted index.html's static frame. index.html has told
// zod already that the page's CSP forbids eval.
//
// Why in stages: evaluating the whole app at once is one task of several hundred milliseconds on
// a slow phone, during which the page cannot answer a tap. Each stage below is evaluated in its
// own task, with a turn of the event loop between them (its modules share one preloaded file, but
// each module's body runs at its first import: scripts/first-load-chunks.ts), and the first
// render runs as a transition, which React slices. The
// router has loaded the page's route before that render: an update arriving during a sliced render
// makes React render the whole tree again in one piece.
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
  // The schema library with the error codes, the auth schemas, the machine library with the task
  // machine, the auth machine: each evaluated in its own task. (Through the app's own modules: a
  // library imported by name would arrive whole.)
  for (const stage of [() => import('@shared/errors'), () => import('@shared/api/auth.schema'), () => import('@machines/task-registry'), () => import('@machines/auth.machine')]) {
    await stage();
    await nextTask();
  }
  const { createAppServices } = await import('./app-services');
  await nextTask();
  const services = createAppServices(storage, withFirstRequest());
  await nextTask();
  const { createAppRouter } = await import('./router');
  await nextTask();
  const router = createAppRouter(i18n);
  await nextTask();
  // Settled before the first render: a route still loading would interrupt it with updates React
  // then renders in one piece.
  await router.load().catch(() => undefined);
  await nextTask();
  const { AppRoot } = await import('./app-root');
  const root = document.getElementById('root');
  if (root === null) return;
  const reactRoot = createRoot(root);
  // index.html's frame stays on screen until this render commits.
  startTransition(() => reactRoot.render(<AppRoot i18n={i18n} storage={storage} services={services} router={router} />));
}

void start();
