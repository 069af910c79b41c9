// Copies across storages over the real server, radosgw and the local folder: batch-copy answers a
// plan listing every file at every level with reserved uploads, the transfer worker (run in Node)
// streams each file across and commits; back again; skipExisting both ways; refusals (read-only
// key, base path, quota, max upload size); a commit with a wrong size; a cancel leaves no
// half-written file and no reservation.
import { afterAll, assert, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listMounts } from '@shared/api/mounts.endpoints';
import { updateSystemSettings } from '@shared/api/settings.endpoints';
import { getStorageConfig, updateStorageConfig } from '@shared/api/storage-config.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import {
  COPY_SINGLE_PUT_MAX_BYTES,
  fsBatchCopyCommitResultSchema,
  fsBatchCopyResultSchema,
  type FsBatchCopyRequest,
} from '@shared/api/fs-copy.schema';
import { fsEntryDetailSchema, fsListingSchema, fsSearchResultSchema } from '@shared/api/fs.schema';
import { mountListSchema } from '@shared/api/mount.schema';
import { ErrorCode } from '@shared/errors';
import type { CopyProgress } from '@workers/copy-protocol';
import type { TransferWorkerApi } from '@workers/protocol';
import { createWorkerEndpoint } from '@workers/worker-endpoint';
import { expectError, expectOk } from '@tests/integration/support/http';
import { fetchBytes, putTo, randomBytesOf, sha256 } from '@tests/integration/storage/storage-harness';
import { admin, formUpload, fsCall, key, mkdir, startFsHarness, type FsHarness, type Who } from './fs-harness';

const bigSize = COPY_SINGLE_PUT_MAX_BYTES + 3 * 1024 * 1024 + 11;

describe('batch-copy across storages (local and radosgw) with the worker', () => {
  let h: FsHarness;
  let local: string;
  let s3: string;
  let worker: TransferWorkerApi;
  /** Called as each storage PUT starts, so a test can act while bytes are mid-transfer. */
  let onPut: ((url: URL) => void) | null = null;
  const files = new Map<string, Buffer>();
  beforeAll(async () => {
    h = await startFsHarness('s3');
    s3 = h.mountPath;
    const mounts = expectOk(await testApi(h.server.baseUrl, asAdmin(h.token)).send(listMounts, {}), mountListSchema);
    local = mounts.find((mount) => mount.storage_type === 'local')?.mount_path ?? '';
    expect(local).not.toBe('');
    const src = `${local}/xsrc`;
    for (const folder of [src, `${src}/one`, `${src}/one/two`, `${src}/one/two/three`, `${src}/one/empty-dir`])
      await mkdir(h, admin(h), folder);
    const content: [string, string, Buffer][] = [
      [src, 'top.txt', randomBytesOf(1000, 1)],
      [`${src}/one`, 'big.bin', randomBytesOf(bigSize, 2)],
      [`${src}/one/two`, 'b.txt', randomBytesOf(70_000, 3)],
      [`${src}/one/two/three`, 'deep-cross.txt', randomBytesOf(123, 4)],
      [`${src}/one/two/three`, 'empty.txt', Buffer.alloc(0)],
    ];
    for (const [folder, name, bytes] of content) {
      expect((await formUpload(h, admin(h), folder, name, bytes)).status).toBe(201);
      files.set(`${folder.slice(src.length)}/${name}`, bytes);
    }
    await mkdir(h, admin(h), `${s3}/xdst`);
    worker = createWorkerEndpoint({
      fetch: (input, init) => {
        if (init?.method === 'PUT' && onPut !== null) onPut(new URL(input instanceof Request ? input.url : input));
        return globalThis.fetch(input, init);
      },
    });
    worker.configure({ baseUrl: `${h.server.baseUrl}/api`, credentials: { scheme: 'admin', token: h.token } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateSystemSettings, {
      body: { max_upload_size: 100, max_upload_size_unit: 'MB' },
    });
    await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateStorageConfig, {
      params: { id: h.configId },
      body: { total_storage_bytes: null },
    });
  });

  const copy = async (who: Who, body: FsBatchCopyRequest) =>
    expectOk(await fsCall(h, who, 'POST', 'batch-copy', { json: body }), fsBatchCopyResultSchema);
  const bytesAt = async (path: string) => {
    const detail = expectOk(await fsCall(h, admin(h), 'GET', 'get', { query: { path } }), fsEntryDetailSchema);
    return (await fetchBytes(new URL(detail.download_url ?? '', h.server.baseUrl).toString())).bytes;
  };
  const pending = () => h.server.db.selectFrom('fs_uploads').select('id').execute();
  const exists = async (path: string) => (await fsCall(h, admin(h), 'GET', 'get', { query: { path } })).status === 200;
  const namesIn = async (folder: string) =>
    expectOk(await fsCall(h, admin(h), 'GET', 'list', { query: { path: folder } }), fsListingSchema).items.map(
      (item) => item.name,
    );

  async function expectTree(root: string) {
    for (const [relative, bytes] of files)
      expect(sha256(await bytesAt(`${root}${relative}`)), relative).toBe(sha256(bytes));
  }

  it('plans every file three levels deep, streams them to radosgw in the worker, commits, and back again', async () => {
    const plan = await copy(admin(h), { items: [{ sourcePath: `${local}/xsrc`, targetPath: `${s3}/xdst/tree` }] });
    expect(plan).toMatchObject({ requiresClientSideCopy: true, success: 0, failed: 0 });
    expect(plan.details[0]).toMatchObject({ status: 'planned', isDirectory: true, files: files.size });
    const planned = plan.crossStorageResults[0]?.files ?? [];
    expect(planned.map((file) => file.targetPath).sort()).toEqual(
      [...files.keys()].map((relative) => `${s3}/xdst/tree${relative}`).sort(),
    );
    expect(planned.find((file) => file.fileName === 'big.bin')?.upload.kind).toBe('multipart');
    expect(planned.find((file) => file.fileName === 'b.txt')?.upload.kind).toBe('put');
    expect(await pending()).toHaveLength(files.size);

    const progress: CopyProgress[] = [];
    const result = await worker.copyAcrossStorages(
      { id: 'there', scope: 'admin', plan: plan.crossStorageResults },
      (report) => progress.push(report),
    );
    expect(result).toMatchObject({ status: 'completed', failed: [] });
    assert(result.ok);
    expect(result.copied).toHaveLength(files.size);
    expect(progress.at(-1)).toMatchObject({
      filesDone: files.size,
      filesTotal: files.size,
      loaded: progress.at(-1)?.total,
    });
    await expectTree(`${s3}/xdst/tree`);
    // Folders come along at every level, the empty one too.
    expect(await namesIn(`${s3}/xdst/tree/one/`)).toEqual(expect.arrayContaining(['empty-dir', 'two', 'big.bin']));
    expect(await pending()).toEqual([]);
    const hits = expectOk(
      await fsCall(h, admin(h), 'GET', 'search', { query: { q: 'deep-cross' } }),
      fsSearchResultSchema,
    ).results.map((hit) => hit.path);
    expect(hits).toContain(`${s3}/xdst/tree/one/two/three/deep-cross.txt`);

    const back = await copy(admin(h), { items: [{ sourcePath: `${s3}/xdst/tree`, targetPath: `${local}/xback` }] });
    expect(back.crossStorageResults[0]?.files).toHaveLength(files.size);
    expect(
      await worker.copyAcrossStorages({ id: 'back', scope: 'admin', plan: back.crossStorageResults }),
    ).toMatchObject({ status: 'completed', failed: [] });
    await expectTree(`${local}/xback`);
    expect(await namesIn(`${local}/xback/one/`)).toEqual(expect.arrayContaining(['empty-dir', 'two', 'big.bin']));
    expect(await pending()).toEqual([]);
  });

  it('copies an empty folder across storages as a folder, with nothing to carry', async () => {
    const plan = await copy(admin(h), {
      items: [{ sourcePath: `${local}/xsrc/one/empty-dir`, targetPath: `${s3}/xdst/empty-copy` }],
    });
    expect(plan).toMatchObject({ requiresClientSideCopy: false, success: 1, crossStorageResults: [] });
    expect(await namesIn(`${s3}/xdst/`)).toContain('empty-copy');
  });

  it('skips files already there by default, and replaces them with skipExisting false', async () => {
    const item = { sourcePath: `${local}/xsrc/one/two`, targetPath: `${s3}/xdst/two` };
    const first = await copy(admin(h), { items: [item] });
    expect(
      await worker.copyAcrossStorages({ id: 'skip-1', scope: 'admin', plan: first.crossStorageResults }),
    ).toMatchObject({ status: 'completed' });
    const again = await copy(admin(h), { items: [item] });
    expect(again).toMatchObject({ requiresClientSideCopy: false, skipped: 1, crossStorageResults: [] });
    expect(again.details[0]).toMatchObject({ status: 'skipped', skippedFiles: 3 });

    expect((await formUpload(h, admin(h), `${s3}/xdst/two`, 'b.txt', 'changed')).status).toBe(201);
    const replace = await copy(admin(h), { items: [item], skipExisting: false });
    expect(replace.crossStorageResults[0]?.files).toHaveLength(3);
    expect(
      await worker.copyAcrossStorages({ id: 'skip-2', scope: 'admin', plan: replace.crossStorageResults }),
    ).toMatchObject({ status: 'completed' });
    expect(sha256(await bytesAt(`${s3}/xdst/two/b.txt`))).toBe(sha256(files.get('/one/two/b.txt') ?? Buffer.alloc(0)));
  });

  it('refuses a read-only key, a target outside the base path, the quota and the max upload size before reserving anything', async () => {
    const item = { sourcePath: `${local}/xsrc/top.txt`, targetPath: `${s3}/xdst/refused.txt` };
    expectError(
      await fsCall(h, await key(h, { read_only: 1 }), 'POST', 'batch-copy', { json: { items: [item] } }),
      403,
      ErrorCode.Forbidden,
    );
    expectError(
      await fsCall(h, await key(h, { basic_path: `${local}/xsrc` }), 'POST', 'batch-copy', { json: { items: [item] } }),
      403,
      ErrorCode.Forbidden,
    );
    const used = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(getStorageConfig, { params: { id: h.configId } }),
      z.object({ used_storage_bytes: z.number() }),
    ).used_storage_bytes;
    await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateStorageConfig, {
      params: { id: h.configId },
      body: { total_storage_bytes: used + 1000 },
    });
    expectError(
      await fsCall(h, admin(h), 'POST', 'batch-copy', {
        json: { items: [{ sourcePath: `${local}/xsrc`, targetPath: `${s3}/xdst/quota` }] },
      }),
      413,
      ErrorCode.QuotaExceeded,
    );
    await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateStorageConfig, {
      params: { id: h.configId },
      body: { total_storage_bytes: null },
    });
    await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateSystemSettings, {
      body: { max_upload_size: 10, max_upload_size_unit: 'MB' },
    });
    expectError(
      await fsCall(h, admin(h), 'POST', 'batch-copy', {
        json: { items: [{ sourcePath: `${local}/xsrc`, targetPath: `${s3}/xdst/max` }] },
      }),
      413,
      ErrorCode.PayloadTooLarge,
    );
    expect(await pending()).toEqual([]);
    expect(await exists(`${s3}/xdst/refused.txt`)).toBe(false);
  });

  it('refuses a commit whose size is not the stored size, and takes the right one', async () => {
    const plan = await copy(admin(h), {
      items: [{ sourcePath: `${local}/xsrc/top.txt`, targetPath: `${s3}/xdst/by-hand.txt` }],
    });
    const file = plan.crossStorageResults[0]?.files[0];
    if (file === undefined || file.upload.kind !== 'put') throw new Error('expected a single PUT');
    const bytes = (await fetchBytes(file.downloadUrl)).bytes;
    const put = await putTo(file.upload.uploadUrl, bytes, file.contentType);
    expect(put.status).toBe(200);
    const commit = (fileSize: number) =>
      fsCall(h, admin(h), 'POST', 'batch-copy-commit', {
        json: {
          targetMountId: file.targetMountId,
          files: [
            {
              targetPath: file.targetPath,
              s3Path: file.targetKey,
              fileSize,
              etag: put.etag,
              uploadId: file.upload.uploadId,
            },
          ],
        },
      });
    const wrong = expectOk(await commit(bytes.length + 1), fsBatchCopyCommitResultSchema);
    expect(wrong).toMatchObject({
      success: [],
      failed: [{ targetPath: file.targetPath, code: ErrorCode.ValidationFailed }],
    });
    const other = expectOk(
      await fsCall(h, admin(h), 'POST', 'batch-copy-commit', {
        json: { targetMountId: 'another-mount', files: [{ targetPath: file.targetPath, fileSize: bytes.length }] },
      }),
      fsBatchCopyCommitResultSchema,
    );
    expect(other.failed).toHaveLength(1);
    const right = expectOk(await commit(bytes.length), fsBatchCopyCommitResultSchema);
    expect(right).toMatchObject({ failed: [], success: [{ targetPath: file.targetPath, fileName: 'by-hand.txt' }] });
    expect(await pending()).toEqual([]);
    expectError(
      await fsCall(h, await key(h, { read_only: 1 }), 'POST', 'batch-copy-commit', {
        json: { targetMountId: file.targetMountId, files: [{ targetPath: file.targetPath, fileSize: 1 }] },
      }),
      403,
      ErrorCode.Forbidden,
    );
  });

  it('cancelled while a large file streams: no half-written file, no reservation left', async () => {
    const plan = await copy(admin(h), {
      items: [{ sourcePath: `${local}/xsrc/one`, targetPath: `${s3}/xdst/cancelled` }],
    });
    // The cancel comes as the large file's second part starts out, so the file is surely mid-stream
    // (a progress report may be held back by its interval until the file is whole).
    let cancelled = false;
    onPut = (url) => {
      if (!cancelled && url.pathname.endsWith('/big.bin') && url.searchParams.get('partNumber') === '2') {
        cancelled = true;
        void worker.cancel('cancel-me');
      }
    };
    const result = await worker
      .copyAcrossStorages({ id: 'cancel-me', scope: 'admin', plan: plan.crossStorageResults })
      .finally(() => {
        onPut = null;
      });
    expect(cancelled).toBe(true);
    expect(result).toMatchObject({ ok: true, status: 'cancelled' });
    expect(await exists(`${s3}/xdst/cancelled/big.bin`)).toBe(false);
    expect(await (await h.driver()).head('xdst/cancelled/big.bin')).toBeNull();
    expect(await pending()).toEqual([]);
  });
});
