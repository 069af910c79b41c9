import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminGate } from '../features/admin/admin-gate';
import { AdminPanelLayout } from '../features/admin/admin-panel-layout';
import { LoginScreen } from '../features/auth/login-screen';

export const Route = createFileRoute('/admin')({ component: AdminRoute });

function AdminRoute() {
  return (
    <AdminGate loginScreen={<LoginScreen />}>
      <AdminPanelLayout>
        <Outlet />
      </AdminPanelLayout>
    </AdminGate>
  );
}
