import { createRouter, Navigate, type RouterHistory } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { routeTree } from '@ui/routes/route-tree';
import { RouteError } from './route-error';

/** Any path without a screen goes home. */
function RedirectHome() {
  return <Navigate to="/" replace />;
}

/** `history` is the browser's by default; tests pass a memory history. */
export function createAppRouter(i18n: I18n, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { i18n },
    history,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: RedirectHome,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
