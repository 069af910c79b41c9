// `/request/$slug`: a file request's upload page (request.lazy.tsx, loaded lazily); the loader adds its strings.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadLocaleBundles } from '@ui/app/locale-bundles';
import { rootRoute } from './root';

export const requestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/request/$slug',
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'fileRequest'),
  component: lazyRouteComponent(() => import('./request.lazy'), 'RequestScreen'),
});
