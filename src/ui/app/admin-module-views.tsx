// Which screen each admin module renders: composed here, above the features, because module
// screens live in their own feature folders and load lazily so one module's code never loads for another.
import { lazy, type ComponentType } from 'react';
import type { AdminModule, AdminModuleViewProps } from '@ui/features/admin/admin-modules';

const dashboard = lazy(() =>
  import('@ui/features/dashboard/dashboard-view').then((m) => ({ default: m.DashboardView })),
);
const mountManagement = lazy(() =>
  import('@ui/features/admin-mounts/mount-management-view').then((m) => ({ default: m.MountManagementView })),
);
const settings = lazy(() =>
  import('@ui/features/admin-settings/settings-view').then((m) => ({ default: m.SettingsView })),
);
const keyManagement = lazy(() =>
  import('@ui/features/admin-keys/key-management-view').then((m) => ({ default: m.KeyManagementView })),
);
const textManagement = lazy(() =>
  import('@ui/features/pastes/text-management-view').then((m) => ({ default: m.TextManagementView })),
);
const storageConfig = lazy(() =>
  import('@ui/features/admin-storage/storage-config-view').then((m) => ({ default: m.StorageConfigView })),
);
const fileManagement = lazy(() =>
  import('@ui/features/admin-files/file-management-view').then((m) => ({ default: m.FileManagementView })),
);

const fileRequests = lazy(() =>
  import('@ui/features/admin-requests/file-requests-view').then((m) => ({ default: m.FileRequestsView })),
);

export const adminModuleViews: Record<AdminModule, ComponentType<AdminModuleViewProps>> = {
  dashboard,
  'text-management': textManagement,
  'file-management': fileManagement,
  'storage-config': storageConfig,
  'mount-management': mountManagement,
  'key-management': keyManagement,
  settings,
  'file-requests': fileRequests,
};
