// The `/admin/` route's screen: the dashboard module.
import { adminModuleViews } from '../app/admin-module-views';
import { AdminModulePage } from '../features/admin/admin-module-page';

export function AdminDashboard() {
  return <AdminModulePage module="dashboard" views={adminModuleViews} />;
}
