// A key with mount permission that opens an explorer path outside its basic path goes
// to its basic path instead. It runs as the routes' beforeLoad, so it reads the stored session.
import { redirect } from '@tanstack/react-router';
import { readStoredSession, type AuthStorage, type StoredSession } from '@machines/auth-storage';
import { isPathAllowed, normalizePath } from '@shared/path-rule';

/** The basic path to send the user to, or null when `path` may be opened. */
export function mountPathRedirect(session: StoredSession, path: string): string | null {
  if (session.kind !== 'apikey' || session.permissions?.mount !== true) return null;
  const base = normalizePath(session.keyInfo?.basic_path ?? '/') ?? '/';
  return isPathAllowed(base, path) ? null : base;
}

/** The explorer routes' beforeLoad: throws the router's redirect to the key's basic path. */
export function guardMountPath(storage: AuthStorage, path: string): void {
  const target = mountPathRedirect(readStoredSession(storage), path);
  if (target !== null) throw redirect({ to: '/mount-explorer/$', params: { _splat: target.slice(1) }, replace: true });
}
