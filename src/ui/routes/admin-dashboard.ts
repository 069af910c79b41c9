// `/admin/`: the admin panel's index, the dashboard module (admin-dashboard.lazy.tsx, loaded lazily).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';

export const adminDashboardRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./admin-dashboard.lazy'), 'AdminDashboard'),
});
