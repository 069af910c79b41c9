// `/mount-explorer/$`: the explorer at a path inside the mounts (mount-explorer-path.lazy.tsx, loaded lazily).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mountExplorerSearchSchema } from '../features/mount-explorer/mount-explorer-search';
import { rootRoute } from './root';

export const mountExplorerPathRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mount-explorer/$',
  validateSearch: mountExplorerSearchSchema,
  component: lazyRouteComponent(() => import('./mount-explorer-path.lazy'), 'MountExplorerPathScreen'),
});
