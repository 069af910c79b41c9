// `/mount-explorer/`: the explorer at the mounts' root (mount-explorer.lazy.tsx, loaded lazily).
// The path keeps its trailing slash: without it, `/mount-explorer` would match the splat route.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mountExplorerSearchSchema } from '@ui/features/mount-explorer/mount-explorer-search';
import { guardMountPath } from '@ui/features/mount-explorer/mount-path-guard';
import { loadLocaleBundles } from '@ui/app/locale-bundles';
import { rootRoute } from './root';

export const mountExplorerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mount-explorer/',
  staticData: { requiresAuth: true },
  validateSearch: mountExplorerSearchSchema,
  // A key confined to a basic path is sent there instead.
  beforeLoad: () => guardMountPath(window.localStorage, '/'),
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'fileAreas', 'uploadAreas', 'explorer', 'transfers'),
  component: lazyRouteComponent(() => import('./mount-explorer.lazy'), 'MountExplorerScreen'),
});
