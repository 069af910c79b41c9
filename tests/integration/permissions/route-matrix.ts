// The permission matrix as data: one row per guarded route, with the status each kind of caller
// must get. `matrixRows` covers /api/admin/* and /api/user/*; `otherGuardedRows` the storage
// config, upload (device and URL), paste-creation and credential-test routes. Bodies are minimal and valid, so a
// 2xx or 4xx shows auth passed.
import { ErrorCode } from '@shared/errors';

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

const unauthenticated = { none: 401, expired: 401 } as const;

/** Admin routes: keys of any kind are forbidden. */
function adminOnly(status: number): Expected {
  return { ...unauthenticated, admin: status, text: 403, file: 403, mount: 403, noPerm: 403, readOnly: 403 };
}

/**
 * Routes for a key holding `permission` (admins hold every permission). The read-only key holds
 * every permission: it gets `readOnlyStatus`, which a write must set to 403 (see `isWriteRow`).
 */
function forKeys(permission: 'text' | 'file' | 'mount', status: number, readOnlyStatus = status): Expected {
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
function textWrite(status: number): Expected {
  return forKeys('text', status, 403);
}

/** Writes to shares and storage: a read-only key is refused before anything else. */
function fileWrite(status: number): Expected {
  return forKeys('file', status, 403);
}

/** Admins may act on any file; a key with file permission only on its own, so the admin's file is 404 (or 403 to a write by the read-only key). */
function forFileKeysOnAdminFile(status: number, { write }: { write: boolean }): Expected {
  return { ...forKeys('file', status, write ? 403 : 404), file: 404 };
}

const missing = 'no-such-id';

export const matrixRows: MatrixRow[] = [
  { method: 'POST', route: '/api/admin/logout', expected: adminOnly(200) },
  { method: 'POST', route: '/api/admin/change-password', body: () => ({}), expected: adminOnly(400) },

  { method: 'GET', route: '/api/admin/api-keys', expected: adminOnly(200) },
  { method: 'POST', route: '/api/admin/api-keys', body: () => ({ name: 'matrix key' }), expected: adminOnly(201) },
  {
    method: 'POST',
    route: '/api/admin/api-keys/batch-delete',
    body: () => ({ ids: [missing] }),
    expected: adminOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/api-keys/:id',
    path: () => `/api/admin/api-keys/${missing}`,
    body: () => ({ name: 'x' }),
    expected: adminOnly(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/api-keys/:id',
    path: () => `/api/admin/api-keys/${missing}`,
    expected: adminOnly(404),
  },

  { method: 'GET', route: '/api/admin/mounts', expected: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/mounts',
    body: (ids) => ({
      name: 'matrix',
      storage_type: 's3',
      storage_config_id: ids.storageConfigId,
      mount_path: '/matrix',
    }),
    expected: adminOnly(201),
  },
  {
    method: 'GET',
    route: '/api/admin/mounts/:id',
    path: (ids) => `/api/admin/mounts/${ids.mountId}`,
    expected: adminOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/mounts/:id',
    path: (ids) => `/api/admin/mounts/${ids.mountId}`,
    body: () => ({ remark: 'm' }),
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/mounts/:id',
    path: () => `/api/admin/mounts/${missing}`,
    expected: adminOnly(404),
  },

  { method: 'GET', route: '/api/admin/system-settings', expected: adminOnly(200) },
  {
    method: 'PUT',
    route: '/api/admin/system-settings',
    body: () => ({ webdav_upload_mode: 'auto' }),
    expected: adminOnly(200),
  },
  { method: 'GET', route: '/api/admin/cache/stats', expected: adminOnly(200) },
  { method: 'POST', route: '/api/admin/cache/clear', body: () => ({}), expected: adminOnly(200) },
  { method: 'GET', route: '/api/admin/dashboard/stats', expected: adminOnly(200) },

  { method: 'GET', route: '/api/admin/pastes', expected: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/pastes/batch-delete',
    body: () => ({ ids: [missing] }),
    expected: adminOnly(200),
  },
  { method: 'POST', route: '/api/admin/pastes/clear-expired', body: () => ({}), expected: adminOnly(200) },
  {
    method: 'GET',
    route: '/api/admin/pastes/:id',
    path: () => `/api/admin/pastes/${missing}`,
    expected: adminOnly(404),
  },
  {
    method: 'PUT',
    route: '/api/admin/pastes/:id',
    path: () => `/api/admin/pastes/${missing}`,
    body: () => ({ remark: 'r' }),
    expected: adminOnly(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/pastes/:id',
    path: () => `/api/admin/pastes/${missing}`,
    expected: adminOnly(404),
  },

  { method: 'GET', route: '/api/user/mounts', expected: forKeys('mount', 200) },
  {
    method: 'GET',
    route: '/api/user/mounts/:id',
    path: (ids) => `/api/user/mounts/${ids.mountId}`,
    expected: forKeys('mount', 200),
  },
  { method: 'POST', route: '/api/user/cache/clear', body: () => ({}), expected: forKeys('mount', 200) },

  { method: 'GET', route: '/api/user/pastes', expected: forKeys('text', 200) },
  {
    method: 'POST',
    route: '/api/user/pastes/batch-delete',
    body: () => ({ ids: [missing] }),
    expected: textWrite(200),
  },
  {
    method: 'GET',
    route: '/api/user/pastes/:id',
    path: () => `/api/user/pastes/${missing}`,
    expected: forKeys('text', 404),
  },
  {
    method: 'PUT',
    route: '/api/user/pastes/:id',
    path: () => `/api/user/pastes/${missing}`,
    body: () => ({ remark: 'r' }),
    expected: textWrite(404),
  },
  {
    method: 'DELETE',
    route: '/api/user/pastes/:id',
    path: () => `/api/user/pastes/${missing}`,
    expected: textWrite(404),
  },

  { method: 'GET', route: '/api/admin/files', expected: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/files/batch-delete',
    body: () => ({ ids: [missing] }),
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/admin/files/:id',
    path: (ids) => `/api/admin/files/${ids.fileId}`,
    expected: adminOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/files/:id',
    path: (ids) => `/api/admin/files/${ids.fileId}`,
    body: () => ({ remark: 'f' }),
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/files/:id',
    path: () => `/api/admin/files/${missing}`,
    expected: adminOnly(404),
  },

  { method: 'GET', route: '/api/user/files', expected: forKeys('file', 200) },
  { method: 'POST', route: '/api/user/files/batch-delete', body: () => ({ ids: [missing] }), expected: fileWrite(200) },
  {
    method: 'GET',
    route: '/api/user/files/:id',
    path: (ids) => `/api/user/files/${ids.fileId}`,
    expected: forFileKeysOnAdminFile(200, { write: false }),
  },
  {
    method: 'PUT',
    route: '/api/user/files/:id',
    path: (ids) => `/api/user/files/${ids.fileId}`,
    body: () => ({ remark: 'u' }),
    expected: forFileKeysOnAdminFile(200, { write: true }),
  },
  {
    method: 'DELETE',
    route: '/api/user/files/:id',
    path: () => `/api/user/files/${missing}`,
    expected: fileWrite(404),
  },
];

/**
 * The mount explorer under /admin/fs (admin) and /user/fs (mount permission; read-only keys are
 * refused on writes), on the bootstrap /local mount. Paths that a call creates carry the caller,
 * so each caller's call starts from the same state.
 */
function fsRows(scope: 'admin' | 'user'): MatrixRow[] {
  const base = `/api/${scope}/fs`;
  const read = (status: number) => (scope === 'admin' ? adminOnly(status) : forKeys('mount', status));
  const write = (status: number) => (scope === 'admin' ? adminOnly(status) : forKeys('mount', status, 403));
  const mine = (caller: Caller) => `mx-${scope}-${caller}`;
  const none = encodeURIComponent('/local/matrix-none.txt');
  return [
    { method: 'GET', route: `${base}/list`, path: () => `${base}/list?path=%2F`, expected: read(200) },
    { method: 'GET', route: `${base}/get`, path: () => `${base}/get?path=%2Flocal`, expected: read(200) },
    { method: 'GET', route: `${base}/download`, path: () => `${base}/download?path=${none}`, expected: read(404) },
    { method: 'GET', route: `${base}/file-link`, path: () => `${base}/file-link?path=${none}`, expected: read(404) },
    { method: 'GET', route: `${base}/search`, path: () => `${base}/search?q=matrix`, expected: read(200) },
    {
      method: 'POST',
      route: `${base}/mkdir`,
      body: (_ids, caller) => ({ path: `/local/${mine(caller)}` }),
      expected: write(201),
    },
    { method: 'POST', route: `${base}/upload`, raw: () => fsFormUpload(scope), expected: write(201) },
    {
      method: 'POST',
      route: `${base}/presign`,
      body: (_ids, caller) => ({ path: '/local', fileName: `${mine(caller)}.txt`, fileSize: 1 }),
      expected: write(201),
    },
    { method: 'POST', route: `${base}/presign/commit`, body: () => ({ uploadId: missing }), expected: write(404) },
    { method: 'POST', route: `${base}/presign/cancel`, body: () => ({ uploadId: missing }), expected: write(404) },
    {
      method: 'POST',
      route: `${base}/multipart/init`,
      body: (_ids, caller) => ({ path: '/local', fileName: `${mine(caller)}.bin`, fileSize: 1 }),
      expected: write(201),
    },
    {
      method: 'POST',
      route: `${base}/multipart/urls`,
      body: () => ({ uploadId: missing, partNumbers: [1] }),
      expected: write(404),
    },
    {
      method: 'POST',
      route: `${base}/multipart/part`,
      path: () => `${base}/multipart/part?uploadId=${missing}&partNumber=1`,
      raw: () => ({ contentType: 'application/octet-stream', body: 'x' }),
      expected: write(404),
    },
    {
      method: 'POST',
      route: `${base}/multipart/complete`,
      body: () => ({ uploadId: missing, parts: [{ partNumber: 1, etag: 'e' }] }),
      expected: write(404),
    },
    { method: 'POST', route: `${base}/multipart/abort`, body: () => ({ uploadId: missing }), expected: write(404) },
    { method: 'DELETE', route: `${base}/remove`, path: () => `${base}/remove?path=${none}`, expected: write(404) },
    {
      method: 'POST',
      route: `${base}/batch-remove`,
      body: () => ({ paths: ['/local/matrix-none.txt'] }),
      expected: write(200),
    },
    {
      method: 'POST',
      route: `${base}/rename`,
      body: () => ({ oldPath: '/local/matrix-none.txt', newPath: '/local/matrix-other.txt' }),
      expected: write(404),
    },
    {
      method: 'POST',
      route: `${base}/update`,
      body: (_ids, caller) => ({ path: `/local/${mine(caller)}.md`, content: '# matrix' }),
      expected: write(200),
    },
    {
      method: 'POST',
      route: `${base}/batch-copy`,
      body: () => ({ items: [{ sourcePath: '/local/matrix-none.txt', targetPath: '/local/matrix-other.txt' }] }),
      expected: write(404),
    },
    {
      method: 'POST',
      route: `${base}/batch-copy-commit`,
      body: (ids) => ({
        targetMountId: ids.localMountId,
        files: [{ targetPath: '/local/matrix-none.txt', fileSize: 1 }],
      }),
      expected: write(200),
    },
  ];
}

const fsFormBoundary = 'matrix-fs-boundary';
function fsFormUpload(scope: 'admin' | 'user'): RawBody {
  const lines = [
    `--${fsFormBoundary}`,
    'Content-Disposition: form-data; name="path"',
    '',
    '/local',
    `--${fsFormBoundary}`,
  ];
  lines.push(
    `Content-Disposition: form-data; name="file"; filename="matrix-${scope}.txt"`,
    'Content-Type: text/plain',
    '',
    'm',
    `--${fsFormBoundary}--`,
    '',
  );
  return { contentType: `multipart/form-data; boundary=${fsFormBoundary}`, body: lines.join('\r\n') };
}

matrixRows.push(
  ...fsRows('admin'),
  ...fsRows('user'),
  {
    method: 'POST',
    route: '/api/admin/fs/refresh',
    body: (ids) => ({ mount_id: ids.localMountId }),
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/fs/unlock',
    body: () => ({ path: '/local/matrix-none.txt' }),
    expected: adminOnly(200),
  },
);

const s3Config = {
  name: 'matrix s3',
  provider_type: 'Other S3 Compatible',
  endpoint_url: 'https://s3.matrix.invalid',
  bucket_name: 'matrix-bucket',
  access_key_id: 'matrix-access',
  secret_access_key: 'matrix-secret',
};
const upload = { filename: 'matrix.txt', mimetype: 'text/plain', size: 1 };
const formBoundary = 'matrix-boundary';
const formUpload = (): RawBody => ({
  contentType: `multipart/form-data; boundary=${formBoundary}`,
  body: [
    `--${formBoundary}`,
    'Content-Disposition: form-data; name="file"; filename="matrix.txt"',
    'Content-Type: text/plain',
    '',
    'm',
    `--${formBoundary}--`,
    '',
  ].join('\r\n'),
});

export const otherGuardedRows: MatrixRow[] = [
  { method: 'GET', route: '/api/s3-configs', expected: forKeys('file', 200) },
  {
    method: 'GET',
    route: '/api/s3-configs/:id',
    path: (ids) => `/api/s3-configs/${ids.localConfigId}`,
    expected: forKeys('file', 200),
  },
  { method: 'POST', route: '/api/s3-configs', body: () => s3Config, expected: adminOnly(201) },
  {
    method: 'PUT',
    route: '/api/s3-configs/:id',
    path: () => `/api/s3-configs/${missing}`,
    body: () => ({ name: 'x' }),
    expected: adminOnly(404),
  },
  {
    method: 'DELETE',
    route: '/api/s3-configs/:id',
    path: () => `/api/s3-configs/${missing}`,
    expected: adminOnly(404),
  },
  {
    method: 'PUT',
    route: '/api/s3-configs/:id/set-default',
    path: () => `/api/s3-configs/${missing}/set-default`,
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    route: '/api/s3-configs/:id/test',
    path: () => `/api/s3-configs/${missing}/test`,
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    route: '/api/s3-configs/:id/apply-cors',
    path: () => `/api/s3-configs/${missing}/apply-cors`,
    body: () => ({ origin: 'https://app.matrix.invalid' }),
    expected: adminOnly(404),
  },

  // The share-upload writes: a read-only key is refused (403) before the body is read.
  { method: 'POST', route: '/api/s3/presign', body: () => upload, expected: fileWrite(201) },
  {
    method: 'POST',
    route: '/api/s3/commit',
    body: () => ({ file_id: missing, etag: 'e', size: 1 }),
    expected: fileWrite(404),
  },
  { method: 'POST', route: '/api/s3/cancel', body: () => ({ file_id: missing }), expected: fileWrite(404) },
  { method: 'POST', route: '/api/s3/multipart/init', body: () => upload, expected: fileWrite(201) },
  {
    method: 'POST',
    route: '/api/s3/multipart/urls',
    body: () => ({ file_id: missing, upload_id: 'u', part_numbers: [1] }),
    expected: fileWrite(404),
  },
  {
    method: 'POST',
    route: '/api/s3/multipart/parts',
    body: () => ({ file_id: missing, upload_id: 'u' }),
    expected: fileWrite(404),
  },
  {
    method: 'POST',
    route: '/api/s3/multipart/complete',
    body: () => ({ file_id: missing, upload_id: 'u', parts: [{ partNumber: 1, etag: 'e' }] }),
    expected: fileWrite(404),
  },
  {
    method: 'POST',
    route: '/api/s3/multipart/abort',
    body: () => ({ file_id: missing, upload_id: 'u' }),
    expected: fileWrite(404),
  },
  { method: 'POST', route: '/api/upload', raw: formUpload, expected: fileWrite(201) },

  // URL uploads: info and proxy fetch nothing here (the URL is not http), so auth shows as 400;
  // the storage steps are writes like their /s3/ twins.
  {
    method: 'POST',
    route: '/api/url/info',
    body: () => ({ url: 'ftp://matrix.invalid/file' }),
    expected: forKeys('file', 400),
  },
  {
    method: 'GET',
    route: '/api/url/proxy',
    path: () => `/api/url/proxy?url=${encodeURIComponent('ftp://matrix.invalid/file')}`,
    expected: forKeys('file', 400),
  },
  { method: 'POST', route: '/api/url/presign', body: () => upload, expected: fileWrite(201) },
  {
    method: 'POST',
    route: '/api/url/commit',
    body: () => ({ file_id: missing, etag: 'e', size: 1 }),
    expected: fileWrite(404),
  },
  { method: 'POST', route: '/api/url/cancel', body: () => ({ file_id: missing }), expected: fileWrite(404) },
  { method: 'POST', route: '/api/url/multipart/init', body: () => upload, expected: fileWrite(201) },
  {
    method: 'POST',
    route: '/api/url/multipart/urls',
    body: () => ({ file_id: missing, upload_id: 'u', part_numbers: [1] }),
    expected: fileWrite(404),
  },
  {
    method: 'POST',
    route: '/api/url/multipart/complete',
    body: () => ({ file_id: missing, upload_id: 'u', parts: [{ partNumber: 1, etag: 'e' }] }),
    expected: fileWrite(404),
  },
  {
    method: 'POST',
    route: '/api/url/multipart/abort',
    body: () => ({ file_id: missing, upload_id: 'u' }),
    expected: fileWrite(404),
  },

  { method: 'GET', route: '/api/test/admin-token', expected: adminOnly(200) },
  {
    method: 'GET',
    route: '/api/test/api-key',
    expected: { ...unauthenticated, admin: 401, text: 200, file: 200, mount: 200, noPerm: 200, readOnly: 200 },
    anonymousError: ErrorCode.ApiKeyInvalid,
  },

  // Guest pastes are off by default, so an anonymous caller gets 401.
  { method: 'POST', route: '/api/paste', body: () => ({ content: 'matrix' }), expected: textWrite(201) },
];

/** Whether a registered route belongs in `otherGuardedRows`. */
export function isOtherGuardedRoute(method: string, path: string): boolean {
  if (method === 'POST' && (path === '/api/paste' || path === '/api/upload')) return true;
  if (path.startsWith('/api/test/')) return true;
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
]);

/** Whether a matrix row is a write: any method but GET, unless reviewed into `readsByPost`. */
export function isWriteRow(row: Pick<MatrixRow, 'method' | 'route'>): boolean {
  return row.method !== 'GET' && !readsByPost.has(`${row.method} ${row.route.replace(/^\/api/, '')}`);
}
