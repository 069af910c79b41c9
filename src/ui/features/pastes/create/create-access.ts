import type { AuthView } from '@ui/domain/session/auth-provider';

/** allowed: admin or a key with text permission; denied: a key without it; guest: not signed in (the server decides). */
export type CreateAccess = 'allowed' | 'denied' | 'guest';

export function createAccessOf(view: Pick<AuthView, 'status' | 'permissions'>): CreateAccess {
  if (view.status === 'admin') return 'allowed';
  if (view.status === 'apikey') return view.permissions?.text ? 'allowed' : 'denied';
  return 'guest';
}
