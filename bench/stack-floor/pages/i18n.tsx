// React, TanStack Router and i18next: the route's text comes from a catalogue.
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { app: { titleSuffix: '{{title}} · Clipdock' } } } },
  interpolation: { escapeValue: false },
});

const rootRoute = createRootRoute({ component: () => <Outlet /> });
const pasteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/paste/$slug',
  component: function Paste() {
    const { slug } = pasteRoute.useParams();
    const { t } = useTranslation();
    return <p>{t('app.titleSuffix', { title: slug })}</p>;
  },
});
const router = createRouter({ routeTree: rootRoute.addChildren([pasteRoute]) });

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<RouterProvider router={router} />);
