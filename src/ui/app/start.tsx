// Starts the app: i18n, the API client and auth actor, the router, the React root. Loaded by the
// entry (main.tsx) once the browser has painted index.html's static frame. index.html has told
// zod already that the page's CSP forbids eval.
import { createRoot } from 'react-dom/client';
import { captureInstallOffers } from '../lib/install-prompt-capture';
import { AppRoot } from './app-root';
import { createAppServices } from './app-services';
import { createI18n } from './i18n';
import { createAppRouter } from './router';

captureInstallOffers();
const storage = window.localStorage;
const i18n = createI18n(storage, navigator.language);
const services = createAppServices(storage);
const router = createAppRouter(i18n);
const root = document.getElementById('root');

if (root) {
  createRoot(root).render(<AppRoot i18n={i18n} storage={storage} services={services} router={router} />);
}
