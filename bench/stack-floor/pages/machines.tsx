// The i18n page plus a two-state machine (xstate, @xstate/react) and a zod/mini parse: what the
// app's services add to a page that needs them before its first render.
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { setup } from 'xstate';
import { useActor } from '@xstate/react';
import * as z from 'zod/mini';

void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { app: { titleSuffix: '{{title}} · Clipdock' } } } },
  interpolation: { escapeValue: false },
});

const params = z.object({ slug: z.string() });
const toggle = setup({ types: { events: {} as { type: 'toggle' } } }).createMachine({
  initial: 'off',
  states: { off: { on: { toggle: 'on' } }, on: { on: { toggle: 'off' } } },
});

const rootRoute = createRootRoute({ component: () => <Outlet /> });
const pasteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/paste/$slug',
  component: function Paste() {
    const { slug } = z.parse(params, pasteRoute.useParams());
    const { t } = useTranslation();
    const [snapshot, send] = useActor(toggle);
    return (
      <button type="button" onClick={() => send({ type: 'toggle' })}>
        {t('app.titleSuffix', { title: slug })} {String(snapshot.value)}
      </button>
    );
  },
});
const router = createRouter({ routeTree: rootRoute.addChildren([pasteRoute]) });

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<RouterProvider router={router} />);
