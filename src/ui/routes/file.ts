// `/file/$slug`: a shared file (file.lazy.tsx, loaded lazily); the loader adds the file strings.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadLocaleBundles } from '@ui/app/locale-bundles';
import { rootRoute } from './root';

export const fileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/file/$slug',
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'fileAreas', 'transfers'),
  component: lazyRouteComponent(() => import('./file.lazy'), 'FileScreen'),
});
