import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadLocaleBundles } from '../app/locale-bundles';
import { AdminGate } from '../features/admin/admin-gate';
import { AdminPanelLayout } from '../features/admin/admin-panel-layout';
import { AccountChangedNotice } from '../features/admin-settings/account-changed-notice';
import { EnvSwitcher } from '../features/env-switcher/env-switcher';
import { LoginScreen } from '../features/auth/login-screen';

export const Route = createFileRoute('/admin')({
  // The panel's modules span every area: dashboard, keys, mounts, settings, storage, files, texts.
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'adminAreas', 'fileAreas', 'pastes'),
  component: AdminRoute,
});

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
      <AdminPanelLayout tools={<EnvSwitcher />}>
        <Outlet />
      </AdminPanelLayout>
    </AdminGate>
  );
}
