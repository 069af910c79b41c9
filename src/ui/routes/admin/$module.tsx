import { createFileRoute, redirect } from '@tanstack/react-router';
import { adminModuleViews } from '../../app/admin-module-views';
import { AdminModulePage } from '../../features/admin/admin-module-page';
import { isAdminModule } from '../../features/admin/admin-modules';

export const Route = createFileRoute('/admin/$module')({
  // Unknown modules, and the dashboard's second address, resolve to /admin.
  beforeLoad: ({ params }) => {
    if (!isAdminModule(params.module) || params.module === 'dashboard') throw redirect({ to: '/admin', replace: true });
  },
  component: AdminModuleRoute,
});

function AdminModuleRoute() {
  const { module } = Route.useParams();
  return isAdminModule(module) ? <AdminModulePage module={module} views={adminModuleViews} /> : null;
}
