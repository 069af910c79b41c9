import { createFileRoute } from '@tanstack/react-router';
import { adminModuleViews } from '../../app/admin-module-views';
import { AdminModulePage } from '../../features/admin/admin-module-page';

export const Route = createFileRoute('/admin/')({ component: DashboardRoute });

function DashboardRoute() {
  return <AdminModulePage module="dashboard" views={adminModuleViews} />;
}
