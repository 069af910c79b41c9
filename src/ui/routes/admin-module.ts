// `/admin/$module`: one admin module by name (admin-module.lazy.tsx, loaded lazily).
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { isAdminModule } from '@ui/features/admin/admin-modules';
import { adminRoute } from './admin';

export const adminModuleRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/$module',
  // Unknown modules, and the dashboard's second address, resolve to /admin.
  beforeLoad: ({ params }) => {
    if (!isAdminModule(params.module) || params.module === 'dashboard') throw redirect({ to: '/admin', replace: true });
  },
  component: lazyRouteComponent(() => import('./admin-module.lazy'), 'AdminModuleScreen'),
});
