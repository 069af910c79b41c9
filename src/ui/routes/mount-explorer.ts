// `/mount-explorer/`: the explorer at the mounts' root (mount-explorer.lazy.tsx, loaded lazily).
// The path keeps its trailing slash: without it, `/mount-explorer` would match the splat route.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mountExplorerSearchSchema } from '../features/mount-explorer/mount-explorer-search';
import { rootRoute } from './root';

export const mountExplorerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mount-explorer/',
  validateSearch: mountExplorerSearchSchema,
  component: lazyRouteComponent(() => import('./mount-explorer.lazy'), 'MountExplorerScreen'),
});
