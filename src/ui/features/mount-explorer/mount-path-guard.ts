// Spec §5: a key with mount permission that opens an explorer path outside its basic path goes
// to its basic path instead. Ancestors of the basic path stay open so the key can walk down to it.
import { useSelector } from '@xstate/react';
import { useAuthActor } from '../../app/auth-provider';
import { isAncestorOf, isPathAllowed, normalizePath } from '../../../shared/path-rule';

export type ExplorerUser = { kind: 'admin' | 'none' } | { kind: 'apikey'; mountPermission: boolean; basicPath: string };

/** The basic path to send the user to, or null when `path` may be opened. */
export function mountPathRedirect(user: ExplorerUser, path: string): string | null {
  if (user.kind !== 'apikey' || !user.mountPermission) return null;
  const base = normalizePath(user.basicPath) ?? '/';
  const target = normalizePath(path);
  if (target !== null && (isPathAllowed(base, target) || isAncestorOf(target, base))) return null;
  return base;
}

/** The route guard: the redirect target for the signed-in user, read from the auth state. */
export function useMountPathRedirect(path: string): string | null {
  const actor = useAuthActor();
  const isKey = useSelector(actor, (snapshot) => snapshot.matches('apikey'));
  const mountPermission = useSelector(actor, (snapshot) => snapshot.context.permissions?.mount === true);
  const basicPath = useSelector(actor, (snapshot) => snapshot.context.keyInfo?.basic_path ?? '/');
  return mountPathRedirect(isKey ? { kind: 'apikey', mountPermission, basicPath } : { kind: 'none' }, path);
}
