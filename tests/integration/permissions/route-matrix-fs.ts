// raw file: the matrix is keyed by each registered route's method and path, which its rows spell.
// The permission matrix's rows for the mount explorer, under /admin/fs and /user/fs.
import { adminOnly, type Caller, forKeys, type MatrixRow, missing, type RawBody } from './route-matrix-kinds';

/**
 * The mount explorer under /admin/fs (admin) and /user/fs (mount permission; read-only keys are
 * refused on writes), on the bootstrap /local mount. Paths that a call creates carry the caller,
 * so each caller's call starts from the same state.
 */
export function fsRows(scope: 'admin' | 'user'): MatrixRow[] {
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
      method: 'GET',
      route: `${base}/thumbnail`,
      path: () => `${base}/thumbnail?path=${encodeURIComponent('/local/matrix-none.jpg')}`,
      expected: read(404),
    },
    {
      method: 'POST',
      route: `${base}/thumbnail`,
      body: () => ({ path: '/local/matrix-none.jpg', tile: 'AAAA', large: 'AAAA' }),
      expected: write(404),
    },
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
    {
      method: 'POST',
      route: `${base}/move`,
      body: () => ({ items: [{ sourcePath: '/local/matrix-none.txt', targetPath: '/local/matrix-other.txt' }] }),
      expected: write(404),
    },
    {
      method: 'POST',
      route: `${base}/move-commit`,
      body: (ids) => ({
        targetMountId: ids.localMountId,
        files: [{ sourcePath: '/local/matrix-none.txt', targetPath: '/local/matrix-other.txt', fileSize: 1 }],
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
