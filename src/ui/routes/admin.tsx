import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminGate } from '../features/admin/admin-gate';
import { AdminPanelLayout } from '../features/admin/admin-panel-layout';
import { AccountChangedNotice } from '../features/admin-settings/account-changed-notice';
import { LoginScreen } from '../features/auth/login-screen';

export const Route = createFileRoute('/admin')({ component: AdminRoute });

function AdminRoute() {
  return (
    <AdminGate
      loginScreen={
        <>
          <AccountChangedNotice />
          <LoginScreen />
        </>
      }
    >
      <AdminPanelLayout>
        <Outlet />
      </AdminPanelLayout>
    </AdminGate>
  );
}
