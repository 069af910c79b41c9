// batch-copy inside one storage on each driver, over the real server: files and folders three
// levels deep copied by storage itself and indexed, skipExisting both ways, and every refusal made
// before any work (read-only key, base path, a folder into itself, max upload size, quota).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateSystemSettings } from '@shared/api/settings.endpoints';
import { getStorageConfig, updateStorageConfig } from '@shared/api/storage-config.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import { fsBatchCopyResultSchema, type FsBatchCopyRequest } from '@shared/api/fs-copy.schema';
import { fsSearchResultSchema } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { drivers } from '@tests/integration/storage/storage-harness';
import {
  admin,
  fsCall,
  key,
  listAll,
  mkdir,
  namesOf,
  startFsHarness,
  writeText,
  type FsHarness,
  type Who,
} from './fs-harness';

describe.each(drivers)('batch-copy inside one storage on the %s driver', (name) => {
  let h: FsHarness;
  let root: string;
  beforeAll(async () => {
    h = await startFsHarness(name);
    root = `${h.mountPath}/copies`;
    await mkdir(h, admin(h), root);
    await mkdir(h, admin(h), `${root}/src`);
    await mkdir(h, admin(h), `${root}/src/one`);
    await mkdir(h, admin(h), `${root}/src/one/two`);
    await mkdir(h, admin(h), `${root}/src/one/two/three`);
    await mkdir(h, admin(h), `${root}/src/empty`);
    for (const path of [
      `${root}/src/top.txt`,
      `${root}/src/one/a.txt`,
      `${root}/src/one/two/b.txt`,
      `${root}/src/one/two/three/deepest-copy.txt`,
    ]) {
      expect((await writeText(h, admin(h), path, `content of ${path}`)).status).toBe(200);
    }
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

  const copy = (who: Who, body: FsBatchCopyRequest) => fsCall(h, who, 'POST', 'batch-copy', { json: body });
  const read = async (path: string) => (await fsCall(h, admin(h), 'GET', 'download', { query: { path } })).text;
  const search = async (q: string) =>
    expectOk(await fsCall(h, admin(h), 'GET', 'search', { query: { q } }), fsSearchResultSchema).results.map(
      (hit) => hit.path,
    );

  it('copies a file and a folder at every level, by storage, and indexes the copies', async () => {
    const result = expectOk(
      await copy(admin(h), {
        items: [
          { sourcePath: `${root}/src/top.txt`, targetPath: `${root}/top-copy.txt` },
          { sourcePath: `${root}/src`, targetPath: `${root}/dst` },
        ],
      }),
      fsBatchCopyResultSchema,
    );
    expect(result).toMatchObject({
      success: 2,
      skipped: 0,
      failed: 0,
      requiresClientSideCopy: false,
      crossStorageResults: [],
    });
    expect(result.details.map((detail) => [detail.status, detail.isDirectory, detail.files])).toEqual([
      ['copied', false, 1],
      ['copied', true, 4],
    ]);
    expect(await read(`${root}/top-copy.txt`)).toBe(`content of ${root}/src/top.txt`);
    expect(await read(`${root}/dst/one/two/three/deepest-copy.txt`)).toBe(
      `content of ${root}/src/one/two/three/deepest-copy.txt`,
    );
    expect(namesOf((await listAll(h, admin(h), `${root}/dst`)).items)).toEqual(['empty', 'one', 'top.txt']);
    expect((await search('deepest-copy')).sort()).toEqual([
      `${root}/dst/one/two/three/deepest-copy.txt`,
      `${root}/src/one/two/three/deepest-copy.txt`,
    ]);
  });

  it('skips existing target files by default and replaces them with skipExisting false', async () => {
    await mkdir(h, admin(h), `${root}/merge`);
    expect((await writeText(h, admin(h), `${root}/merge/top.txt`, 'kept')).status).toBe(200);
    const skipped = expectOk(
      await copy(admin(h), { items: [{ sourcePath: `${root}/src`, targetPath: `${root}/merge` }] }),
      fsBatchCopyResultSchema,
    );
    expect(skipped.details[0]).toMatchObject({ status: 'copied', files: 3, skippedFiles: 1 });
    expect(await read(`${root}/merge/top.txt`)).toBe('kept');
    const again = expectOk(
      await copy(admin(h), { items: [{ sourcePath: `${root}/src`, targetPath: `${root}/merge` }] }),
      fsBatchCopyResultSchema,
    );
    expect(again).toMatchObject({ success: 0, skipped: 1 });
    expect(again.details[0]).toMatchObject({ status: 'skipped', files: 0, skippedFiles: 4 });
    const file = expectOk(
      await copy(admin(h), { items: [{ sourcePath: `${root}/src/top.txt`, targetPath: `${root}/merge/top.txt` }] }),
      fsBatchCopyResultSchema,
    );
    expect(file.details[0]).toMatchObject({ status: 'skipped', skippedFiles: 1 });
    const replaced = expectOk(
      await copy(admin(h), {
        items: [{ sourcePath: `${root}/src`, targetPath: `${root}/merge` }],
        skipExisting: false,
      }),
      fsBatchCopyResultSchema,
    );
    expect(replaced.details[0]).toMatchObject({ status: 'copied', files: 4, skippedFiles: 0 });
    expect(await read(`${root}/merge/top.txt`)).toBe(`content of ${root}/src/top.txt`);
  });

  it('refuses before any work: a folder into itself, a read-only key, a path outside the base, a missing source', async () => {
    expectError(
      await copy(admin(h), { items: [{ sourcePath: `${root}/src`, targetPath: `${root}/src/one/again` }] }),
      400,
      ErrorCode.BadRequest,
    );
    expectError(
      await copy(admin(h), { items: [{ sourcePath: `${root}/src`, targetPath: `${root}/src` }] }),
      400,
      ErrorCode.BadRequest,
    );
    const readOnly = await key(h, { basic_path: root, read_only: 1 });
    expectError(
      await copy(readOnly, { items: [{ sourcePath: `${root}/src/top.txt`, targetPath: `${root}/ro.txt` }] }),
      403,
      ErrorCode.Forbidden,
    );
    const scoped = await key(h, { basic_path: `${root}/src` });
    expectError(
      await copy(scoped, { items: [{ sourcePath: `${root}/src/top.txt`, targetPath: `${root}/escaped.txt` }] }),
      403,
      ErrorCode.Forbidden,
    );
    expectError(
      await copy(scoped, { items: [{ sourcePath: `${root}/src/top.txt`, targetPath: `${root}/src/../escaped.txt` }] }),
      403,
      ErrorCode.Forbidden,
    );
    expectError(
      await copy(scoped, { items: [{ sourcePath: `${root}/src/top.txt`, targetPath: `${root}/src-sibling/x.txt` }] }),
      403,
      ErrorCode.Forbidden,
    );
    expect((await fsCall(h, admin(h), 'GET', 'get', { query: { path: `${root}/escaped.txt` } })).status).toBe(404);
    expectOk(
      await copy(scoped, { items: [{ sourcePath: `${root}/src/top.txt`, targetPath: `${root}/src/inside.txt` }] }),
      fsBatchCopyResultSchema,
    );
    expectError(
      await copy(admin(h), { items: [{ sourcePath: `${root}/nothing`, targetPath: `${root}/else` }] }),
      404,
      ErrorCode.NotFound,
    );
  });

  it('refuses a copy beyond the max upload size or the quota, copying nothing', async () => {
    expect((await writeText(h, admin(h), `${root}/big.txt`, 'x'.repeat(80 * 1024))).status).toBe(200);
    await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateSystemSettings, {
      body: { max_upload_size: 64, max_upload_size_unit: 'KB' },
    });
    expectError(
      await copy(admin(h), { items: [{ sourcePath: `${root}/big.txt`, targetPath: `${root}/big-copy.txt` }] }),
      413,
      ErrorCode.PayloadTooLarge,
    );
    await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateSystemSettings, {
      body: { max_upload_size: 100, max_upload_size_unit: 'MB' },
    });
    const config = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(getStorageConfig, { params: { id: h.configId } }),
      z.object({ used_storage_bytes: z.number() }),
    );
    await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateStorageConfig, {
      params: { id: h.configId },
      body: { total_storage_bytes: config.used_storage_bytes + 1000 },
    });
    expectError(
      await copy(admin(h), { items: [{ sourcePath: `${root}/big.txt`, targetPath: `${root}/big-copy.txt` }] }),
      413,
      ErrorCode.QuotaExceeded,
    );
    expect((await fsCall(h, admin(h), 'GET', 'get', { query: { path: `${root}/big-copy.txt` } })).status).toBe(404);
    expect(await h.server.db.selectFrom('fs_uploads').select('id').execute()).toEqual([]);
  });
});
