// raw file: the matrix is keyed by each registered route's method and path, which its rows spell.
// The file-request rows of the permission matrix. Owners need file and mount permissions: the
// route admits the mount permission, the service then refuses a key without file (so the
// matrix's mount-only key gets 403, and only the admin and the read-only key, which holds every
// permission, get past). Uploaders' calls are public: everyone reaches them (404 for a missing
// slug), except that the read-only key is refused the upload steps, which write.
import type { Expected, MatrixRow } from './route-matrix-kinds';
import { missing, unauthenticated } from './route-matrix-kinds';

function owners(status: number, readOnlyStatus = status): Expected {
  return { ...unauthenticated, admin: status, text: 403, file: 403, mount: 403, noPerm: 403, readOnly: readOnlyStatus };
}

function anyone(status: number, readOnlyStatus = status): Expected {
  return {
    none: status,
    expired: status,
    admin: status,
    text: status,
    file: status,
    mount: status,
    noPerm: status,
    readOnly: readOnlyStatus,
  };
}

const one = () => `/api/file-requests/${missing}`;
const slug = (step: string) => () => `/api/public/file-requests/${missing}${step}`;
const token = { token: 'not-a-token' };
const ids = { ...token, file_id: missing, upload_id: missing };

export const fileRequestRows: MatrixRow[] = [
  { method: 'GET', route: '/api/file-requests', expected: owners(200) },
  {
    method: 'POST',
    route: '/api/file-requests',
    body: () => ({ path: '/local', title: 'matrix' }),
    expected: owners(201, 403),
  },
  { method: 'GET', route: '/api/file-requests/:id', path: one, expected: owners(404) },
  {
    method: 'PUT',
    route: '/api/file-requests/:id',
    path: one,
    body: () => ({ title: 'x' }),
    expected: owners(404, 403),
  },
  { method: 'DELETE', route: '/api/file-requests/:id', path: one, expected: owners(404, 403) },
  { method: 'GET', route: '/api/file-requests/:id/uploads', path: () => `${one()}/uploads`, expected: owners(404) },
  { method: 'GET', route: '/api/file-requests/arrivals', expected: owners(200) },
  {
    method: 'POST',
    route: '/api/file-requests/:id/uploads/seen',
    path: () => `${one()}/uploads/seen`,
    body: () => ({}),
    expected: owners(404, 403),
  },

  { method: 'GET', route: '/api/public/file-requests/:slug', path: slug(''), expected: anyone(404) },
  {
    method: 'POST',
    route: '/api/public/file-requests/:slug/verify',
    path: slug('/verify'),
    body: () => ({ password: 'guess' }),
    expected: anyone(404),
  },
  ...(
    [
      ['presign', { ...token, filename: 'm.txt', size: 1 }],
      ['commit', { ...token, file_id: missing }],
      ['cancel', { ...token, file_id: missing }],
      ['multipart/init', { ...token, filename: 'm.txt', size: 1 }],
      ['multipart/urls', { ...ids, part_numbers: [1] }],
      ['multipart/parts', ids],
      ['multipart/complete', { ...ids, parts: [{ partNumber: 1, etag: 'e' }] }],
      ['multipart/abort', ids],
      ['finish', token],
      ['thumbnail', { ...token, file_id: missing, tile: 'AAAA', large: 'AAAA' }],
    ] as const
  ).map(
    ([step, body]): MatrixRow => ({
      method: 'POST',
      route: `/api/public/file-requests/:slug/${step}`,
      path: slug(`/${step}`),
      body: () => body,
      expected: anyone(404, 403),
    }),
  ),
];
