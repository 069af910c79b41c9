// `/admin`: the admin panel's layout around its modules (admin.lazy.tsx, loaded lazily).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadLocaleBundles } from '@ui/app/locale-bundles';
import { rootRoute } from './root';

export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  // Covers /admin and every /admin/$module: moving between modules revalidates too.
  staticData: { requiresAuth: true },
  // The panel's modules span every area: dashboard, keys, mounts, settings, storage, files, texts.
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'adminAreas', 'pastes'),
  component: lazyRouteComponent(() => import('./admin.lazy'), 'AdminLayout'),
});
