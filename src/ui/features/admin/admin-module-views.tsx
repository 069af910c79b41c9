// Which screen each admin module renders. Module screens live in their own feature folders and
// load lazily, so the panel shell stays small and one module's code never loads for another.
import type { ComponentType } from 'react';
import { LaterScreen } from '../../components/later-screen';
import type { AdminModule } from './admin-modules';

export type AdminModuleViewProps = { title: string };

const later: ComponentType<AdminModuleViewProps> = LaterScreen;

export const adminModuleViews: Record<AdminModule, ComponentType<AdminModuleViewProps>> = {
  dashboard: later,
  'text-management': later,
  'file-management': later,
  'storage-config': later,
  'mount-management': later,
  'key-management': later,
  settings: later,
};
