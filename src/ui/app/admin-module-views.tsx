// Which screen each admin module renders. Module screens live in their own feature folders and
// load lazily, so the panel shell stays small and one module's code never loads for another.
import { lazy, type ComponentType } from 'react';
import type { AdminModule } from './admin-modules';

export type AdminModuleViewProps = { title: string };

const dashboard = lazy(() => import('../dashboard/dashboard-view').then((m) => ({ default: m.DashboardView })));
const mountManagement = lazy(() => import('../admin-mounts/mount-management-view').then((m) => ({ default: m.MountManagementView })));
const settings = lazy(() => import('../admin-settings/settings-view').then((m) => ({ default: m.SettingsView })));
const keyManagement = lazy(() => import('../admin-keys/key-management-view').then((m) => ({ default: m.KeyManagementView })));
const textManagement = lazy(() => import('../pastes/manage/text-management-view').then((m) => ({ default: m.TextManagementView })));
const storageConfig = lazy(() => import('../admin-storage/storage-config-view').then((m) => ({ default: m.StorageConfigView })));
const fileManagement = lazy(() => import('../admin-files/file-management-view').then((m) => ({ default: m.FileManagementView })));

export const adminModuleViews: Record<AdminModule, ComponentType<AdminModuleViewProps>> = {
  dashboard,
  'text-management': textManagement,
  'file-management': fileManagement,
  'storage-config': storageConfig,
  'mount-management': mountManagement,
  'key-management': keyManagement,
  settings,
};
