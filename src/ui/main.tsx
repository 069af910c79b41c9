import './app/zod-config';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { createAppServices } from './app/app-services';
import { createI18n } from './app/i18n';
import { createAppRouter } from './app/router';
import './styles/base.css';
import './styles/shell.css';
import './styles/forms.css';

const storage = window.localStorage;
const i18n = createI18n(storage, navigator.language);
const services = createAppServices(storage);
const router = createAppRouter(i18n);
const root = document.getElementById('root');

if (root) {
  createRoot(root).render(<AppRoot i18n={i18n} storage={storage} services={services} router={router} />);
}
