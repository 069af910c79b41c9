import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { canOpenPanel } from './admin-modules';
import { usePanelUser } from './use-panel-user';

/**
 * The panel guard: nobody signed in sees the login screen, an admin or a key with a
 * text, file or mount right sees the panel, any other key goes home.
 */
export function AdminGate({ loginScreen, children }: { loginScreen: ReactNode; children: ReactNode }) {
  const user = usePanelUser();
  if (!user) return loginScreen;
  if (!canOpenPanel(user)) return <Navigate to="/" replace />;
  return children;
}
