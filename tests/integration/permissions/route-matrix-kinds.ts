// raw file: the matrix is keyed by each registered route's method and path, which its rows spell.
// The permission matrix's vocabulary: the kinds of caller, a row's shape, and the statuses each
// kind of caller must get from admin routes, key routes and writes, and which routes are writes.
import type { ErrorCode } from '@shared/errors';

export const callers = ['none', 'admin', 'text', 'file', 'mount', 'noPerm', 'expired', 'readOnly'] as const;
export type Caller = (typeof callers)[number];
export type Expected = Record<Caller, number>;

/**
 * Ids the rows refer to; created before the matrix runs. `localConfigId` is the public bootstrap
 * config; `fileId` a committed file the admin owns (so keys get 404 for it, not 403).
 */
export type MatrixIds = {
  mountId: string;
  storageConfigId: string;
  localConfigId: string;
  fileId: string;
  localMountId: string;
};

/** A request body sent as-is with its own Content-Type (a multipart form upload, raw part bytes). */
export type RawBody = { contentType: string; body: string };

export type MatrixRow = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered, e.g. /api/admin/mounts/:id. */
  route: string;
  /** The concrete path called; defaults to `route`. */
  path?: (ids: MatrixIds) => string;
  body?: (ids: MatrixIds, caller: Caller) => unknown;
  raw?: () => RawBody;
  expected: Expected;
  /** The error an anonymous 401 carries when it is not UNAUTHORIZED. */
  anonymousError?: ErrorCode;
};

export const unauthenticated = { none: 401, expired: 401 } as const;

/** Admin routes: keys of any kind are forbidden. */
export function adminOnly(status: number): Expected {
  return { ...unauthenticated, admin: status, text: 403, file: 403, mount: 403, noPerm: 403, readOnly: 403 };
}

/**
 * Routes for a key holding `permission` (admins hold every permission). The read-only key holds
 * every permission: it gets `readOnlyStatus`, which a write must set to 403 (see `isWriteRow`).
 */
export function forKeys(permission: 'text' | 'file' | 'mount', status: number, readOnlyStatus = status): Expected {
  const granted = (caller: 'text' | 'file' | 'mount') => (caller === permission ? status : 403);
  return {
    ...unauthenticated,
    admin: status,
    text: granted('text'),
    file: granted('file'),
    mount: granted('mount'),
    noPerm: 403,
    readOnly: readOnlyStatus,
  };
}

/** Writes to pastes: a read-only key is refused (403) before anything else. */
export function textWrite(status: number): Expected {
  return forKeys('text', status, 403);
}

/** Writes to shares and storage: a read-only key is refused before anything else. */
export function fileWrite(status: number): Expected {
  return forKeys('file', status, 403);
}

/** Admins may act on any file; a key with file permission only on its own, so the admin's file is 404 (or 403 to a write by the read-only key). */
export function forFileKeysOnAdminFile(status: number, { write }: { write: boolean }): Expected {
  return { ...forKeys('file', status, write ? 403 : 404), file: 404 };
}

/** An id no row has: a 404 there shows the caller got past the guard. */
export const missing = 'no-such-id';

/** Whether a registered route belongs in `otherGuardedRows`. */
export function isOtherGuardedRoute(method: string, path: string): boolean {
  if (method === 'POST' && (path === '/api/paste' || path === '/api/upload')) return true;
  if (path.startsWith('/api/test/')) return true;
  if (path.startsWith('/api/file-requests') || path.startsWith('/api/public/file-requests/')) return true;
  return (
    path === '/api/s3-configs' ||
    path.startsWith('/api/s3-configs/') ||
    path.startsWith('/api/s3/') ||
    path.startsWith('/api/url/')
  );
}

/**
 * The routes that change nothing though their method is not GET, reviewed one by one: every other
 * POST, PUT or DELETE a key can reach is a write, which a read-only key must be refused. Written as
 * endpoint paths (relative to /api), as `src/shared` defines them.
 */
export const readsByPost = new Set([
  'POST /paste/:slug', // unlocks a protected paste with its password
  'POST /public/files/:slug/verify', // unlocks a protected file share with its password
  'POST /admin/login',
  'POST /url/info', // HEADs a remote URL; stores nothing
  'POST /user/cache/clear', // drops the caller's cached listings; the data stays as it was
  'POST /public/file-requests/:slug/verify', // unlocks a protected file request with its password
]);

/** Whether a matrix row is a write: any method but GET, unless reviewed into `readsByPost`. */
export function isWriteRow(row: Pick<MatrixRow, 'method' | 'route'>): boolean {
  return row.method !== 'GET' && !readsByPost.has(`${row.method} ${row.route.replace(/^\/api/, '')}`);
}
