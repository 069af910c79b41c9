// The `/admin/` route's screen: the dashboard module.
import { adminModuleViews } from '@ui/app/admin-module-views';
import { AdminModulePage } from '@ui/features/admin/admin-module-page';

export function AdminDashboard() {
  return <AdminModulePage module="dashboard" views={adminModuleViews} />;
}
