// The `/admin/$module` route's screen: the named module's page.
import { getRouteApi } from '@tanstack/react-router';
import { adminModuleViews } from '@ui/app/admin-module-views';
import { AdminModulePage } from '@ui/features/admin/admin-module-page';
import { isAdminModule } from '@ui/features/admin/admin-modules';

const route = getRouteApi('/admin/$module');

export function AdminModuleScreen() {
  const { module } = route.useParams();
  return isAdminModule(module) ? <AdminModulePage module={module} views={adminModuleViews} /> : null;
}
