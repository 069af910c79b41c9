// The `/admin` layout: the login screen until signed in, then the panel around the module's outlet.
import { Outlet } from '@tanstack/react-router';
import { AdminGate } from '@ui/features/admin/admin-gate';
import { AdminPanelLayout } from '@ui/features/admin/admin-panel-layout';
import { AccountChangedNotice } from '@ui/features/admin-settings/account-changed-notice';
import { LoginScreen } from '@ui/features/auth/login-screen';

export function AdminLayout() {
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
