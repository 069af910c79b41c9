// `/paste/$slug`: a shared paste (paste.lazy.tsx, loaded lazily); the loader adds the paste strings.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadLocaleBundles } from '@ui/app/locale-bundles';
import { rootRoute } from './root';

export const pasteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/paste/$slug',
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'pastes'),
  component: lazyRouteComponent(() => import('./paste.lazy'), 'PasteScreen'),
});
