// `/`: the create-paste page, loaded lazily; the loader adds the paste strings. It paints without
// the app's services: its API calls (the slug check, the submit) wait for them.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadLocaleBundles } from '@ui/app/locale-bundles';
import { rootRoute } from './root';

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { paintsWithoutServices: true },
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'pastes'),
  component: lazyRouteComponent(() => import('@ui/features/pastes/create-paste-page'), 'CreatePastePage'),
});
