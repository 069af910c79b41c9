// Which admin modules exist and who may open them: an admin sees every module;
// an API key sees the modules its permissions name and may enter the panel only with one of them.
import type { ApiKeyPermissions } from '@shared/api/auth.schema';

export const adminModules = [
  'dashboard',
  'text-management',
  'file-management',
  'storage-config',
  'mount-management',
  'key-management',
  'settings',
  'file-requests',
] as const;
export type AdminModule = (typeof adminModules)[number];

/** What every module screen receives from the panel. */
export type AdminModuleViewProps = { title: string };

export type PanelUser = { kind: 'admin' } | { kind: 'apikey'; permissions: ApiKeyPermissions | null };

export function isAdminModule(value: string): value is AdminModule {
  return adminModules.some((m) => m === value);
}

export function allowedModules(user: PanelUser): AdminModule[] {
  if (user.kind === 'admin') return [...adminModules];
  const modules: AdminModule[] = [];
  if (user.permissions?.text) modules.push('text-management');
  if (user.permissions?.file) modules.push('file-management');
  if (user.permissions?.file && user.permissions.mount) modules.push('file-requests');
  return modules;
}

export function canUseMountExplorer(user: PanelUser): boolean {
  return user.kind === 'admin' || user.permissions?.mount === true;
}

export function canOpenPanel(user: PanelUser): boolean {
  return allowedModules(user).length > 0 || canUseMountExplorer(user);
}
