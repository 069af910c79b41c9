// raw file: the matrix is keyed by each registered route's method and path, which its rows spell.
// The permission matrix as data: one row per guarded route, with the status each kind of caller
// must get. `matrixRows` covers /api/admin/* and /api/user/*; `otherGuardedRows` the storage
// config, upload (device and URL), paste-creation and credential-test routes. Bodies are minimal and valid, so a
// 2xx or 4xx shows auth passed.
import { ErrorCode } from '@shared/errors';
import { fsRows } from './route-matrix-fs';
import { fsShareRows } from './route-matrix-fs-share';
import { fileRequestRows } from './route-matrix-file-requests';
import {
  adminOnly,
  fileWrite,
  forFileKeysOnAdminFile,
  forKeys,
  type MatrixRow,
  missing,
  type RawBody,
  textWrite,
  unauthenticated,
} from './route-matrix-kinds';

export {
  callers,
  type Caller,
  isOtherGuardedRoute,
  isWriteRow,
  type MatrixIds,
  type MatrixRow,
} from './route-matrix-kinds';

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
matrixRows.push(...fsShareRows);

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
  {
    method: 'POST',
    route: '/api/s3/thumbnail',
    body: () => ({ file_id: missing, tile: 'AAAA', large: 'AAAA' }),
    expected: fileWrite(404),
  },

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
  ...fileRequestRows,
];
