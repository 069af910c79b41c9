// raw file: the matrix is keyed by each registered route's method and path, which its rows spell.
// The permission matrix's rows for "Share…" in the explorer. On /user/fs a key needs both the mount
// and the file permission (no single-permission caller of the matrix holds both, so every key is
// refused) and may not be read-only; the admin reaches the call and hears 404 for a missing file.
import { adminOnly, type MatrixRow, unauthenticated } from './route-matrix-kinds';

const body = () => ({ path: '/local/matrix-none.txt' });

export const fsShareRows: MatrixRow[] = [
  { method: 'POST', route: '/api/admin/fs/share', body, expected: adminOnly(404) },
  {
    method: 'POST',
    route: '/api/user/fs/share',
    body,
    expected: { ...unauthenticated, admin: 404, text: 403, file: 403, mount: 403, noPerm: 403, readOnly: 403 },
  },
];
