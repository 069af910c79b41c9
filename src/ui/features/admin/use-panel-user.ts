import { useAuthView } from '@ui/domain/session/auth-provider';
import type { PanelUser } from './admin-modules';

/** The signed-in user as the admin panel sees them, or null when nobody is signed in. */
export function usePanelUser(): PanelUser | null {
  const view = useAuthView();
  if (view.status === 'admin') return { kind: 'admin' };
  if (view.status === 'apikey') return { kind: 'apikey', permissions: view.permissions };
  return null;
}
