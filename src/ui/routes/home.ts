// `/`: the create-paste page, loaded lazily; the loader adds the paste strings.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadLocaleBundles } from '../app/locale-bundles';
import { rootRoute } from './root';

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'pastes'),
  component: lazyRouteComponent(() => import('../features/pastes/create-paste-page'), 'CreatePastePage'),
});
