// `/mount-explorer/$`: the explorer at a path inside the mounts (mount-explorer-path.lazy.tsx, loaded lazily).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mountExplorerSearchSchema } from '@ui/features/mount-explorer/mount-explorer-search';
import { guardMountPath } from '@ui/features/mount-explorer/mount-path-guard';
import { loadLocaleBundles } from '@ui/app/locale-bundles';
import { rootRoute } from './root';

export const mountExplorerPathRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mount-explorer/$',
  staticData: { requiresAuth: true },
  validateSearch: mountExplorerSearchSchema,
  // A path outside the key's basic path goes to the basic path instead.
  beforeLoad: ({ params }) => guardMountPath(window.localStorage, `/${params._splat ?? ''}`),
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'fileAreas', 'uploadAreas', 'explorer', 'transfers'),
  component: lazyRouteComponent(() => import('./mount-explorer-path.lazy'), 'MountExplorerPathScreen'),
});
