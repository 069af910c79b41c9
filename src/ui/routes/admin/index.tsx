import { createFileRoute } from '@tanstack/react-router';
import { AdminModulePage } from '../../features/admin/admin-module-page';

export const Route = createFileRoute('/admin/')({ component: DashboardRoute });

function DashboardRoute() {
  return <AdminModulePage module="dashboard" />;
}
