import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyStorageCors,
  createStorageConfig,
  deleteStorageConfig,
  getStorageConfig,
  listStorageConfigs,
  setDefaultStorageConfig,
  testStorageConfig,
  updateStorageConfig,
} from '@shared/api/storage-config.endpoints';
import { createRepositories } from '@server/db/repositories';
import { adminFileEndpoints, userFileEndpoints } from '@shared/api/file.endpoints';
import { commitUpload } from '@shared/api/upload.endpoints';
import { presignResponseSchema } from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { FileRepo } from '@server/modules/files/file.repo';
import { createUploadSweepTask, pendingUploadTtlMs } from '@server/modules/uploads/upload-sweep.service';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { expectError, expectOk } from '@tests/integration/support/http';
import { createTestBucket } from '@tests/integration/support/rgw';
import { drivers, presign, putTo, s3ConfigInput, startHarness, uploadFile, type Harness } from './storage-harness';

describe.each(drivers)('storage configs and file management on the %s driver', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(name);
  });
  afterAll(() => h.close());

  /** Raw calls, for bodies the contract refuses on purpose and for reading the answer's text. */
  const admin = () => testApi(h.server.baseUrl, asAdmin(h.token));
  const withKey = (key: string) => testApi(h.server.baseUrl, asApiKey(key));

  it('runs the config test: read, write, CORS and a presigned upload all pass', async () => {
    if (name === 's3') {
      const cors = await admin().ok(applyStorageCors, {
        params: { id: h.configId },
        body: { origin: h.server.baseUrl },
      });
      expect(cors.applied).toBe(true);
    }
    const data = await admin().ok(testStorageConfig, {
      params: { id: h.configId },
      headers: { origin: h.server.baseUrl },
    });
    expect(data.results, JSON.stringify(data.results)).toMatchObject({
      read: { ok: true },
      write: { ok: true },
      cors: { ok: true },
      presigned: { ok: true },
    });
    expect(data.success).toBe(true);
  });

  it('creates, reads, updates and deletes a config; the secret is encrypted and never returned', async () => {
    const input = s3ConfigInput(await createTestBucket('crud'));
    const created = await admin().send(createStorageConfig, { body: { ...input, is_public: false } });
    expect(created.text).not.toContain(input.secret_access_key);
    const config = expectOk(created, createStorageConfig.reply, 201);
    expect(config).toMatchObject({ has_secret: true, driver: 's3', is_public: false });
    const row = await h.server.db
      .selectFrom('storage_configs')
      .selectAll()
      .where('id', '=', config.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_access_key_enc).toMatch(/^v1\./);
    expect(row.secret_access_key_enc).not.toContain(input.secret_access_key);
    const listed = await admin().send(listStorageConfigs, {});
    expect(listed.text).not.toContain(input.secret_access_key);
    expect(expectOk(listed, listStorageConfigs.reply).map((c) => c.id)).toContain(config.id);
    const id = { id: config.id };
    const updated = await admin().ok(updateStorageConfig, {
      params: id,
      body: { name: 'renamed', signature_expires_in: 600 },
    });
    expect(updated).toMatchObject({ name: 'renamed', signature_expires_in: 600, has_secret: true });
    expectError(
      await admin().send(updateStorageConfig, {
        params: { id: config.id },
        body: { signature_expires_in: 10 },
      }),
      400,
      ErrorCode.ValidationFailed,
    );
    expectError(
      await admin().send(createStorageConfig, {
        body: { ...input, endpoint_url: 'ftp://x', bucket_name: 'ab' },
      }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect((await admin().ok(setDefaultStorageConfig, { params: id })).is_default).toBe(true);
    await admin().ok(setDefaultStorageConfig, { params: { id: h.configId } });
    expect(await admin().ok(deleteStorageConfig, { params: id })).toEqual({ id: config.id, deleted: true });
    await admin().fails(getStorageConfig, { params: id }, 404, ErrorCode.NotFound);
  });

  it('refuses to delete a config that files use, naming the count', async () => {
    await uploadFile(h, 'keep.txt', Buffer.from('keep'));
    const refused = await admin().fails(deleteStorageConfig, { params: { id: h.configId } }, 409, ErrorCode.Conflict);
    expect(refused.message).toMatch(/\d+ file\(s\)/);
  });

  it('shows API keys public configs only, and writes are admin only', async () => {
    const privateConfig = await admin().ok(createStorageConfig, {
      body: { ...s3ConfigInput(await createTestBucket('private')), is_public: false },
    });
    const { key } = await insertApiKey(h.server.db, { file_permission: 1 });
    const visible = await withKey(key).ok(listStorageConfigs, {});
    expect(visible.every((c) => c.is_public)).toBe(true);
    expect(visible.map((c) => c.id)).not.toContain(privateConfig.id);
    await withKey(key).fails(getStorageConfig, { params: { id: privateConfig.id } }, 404, ErrorCode.NotFound);
    await withKey(key).fails(createStorageConfig, { body: s3ConfigInput('whatever') }, 403, ErrorCode.Forbidden);
    const noFiles = await insertApiKey(h.server.db, { text_permission: 1 });
    await withKey(noFiles.key).fails(listStorageConfigs, {}, 403, ErrorCode.Forbidden);
    await admin().ok(deleteStorageConfig, { params: { id: privateConfig.id } });
  });

  it('limits /api/user/files to the key’s own files', async () => {
    const mine = await insertApiKey(h.server.db, { file_permission: 1 });
    const other = await insertApiKey(h.server.db, { file_permission: 1 });
    const signed = expectOk(
      await presign(h, { filename: 'mine.txt', size: 4 }, { apiKey: mine.key }),
      presignResponseSchema,
      201,
    );
    const put = await putTo(signed.upload_url, 'mine', signed.contentType);
    const owner = withKey(mine.key);
    await owner.ok(commitUpload, { body: { file_id: signed.file_id, etag: put.etag, size: 4 } });
    const adminFile = await uploadFile(h, 'admins.txt', Buffer.from('admin'));
    const list = await owner.ok(userFileEndpoints.list, {});
    expect(list.items.map((f) => f.id)).toEqual([signed.file_id]);
    expect(list.pagination).toEqual({ total: 1, limit: 50, offset: 0, hasMore: false });
    await owner.fails(userFileEndpoints.get, { params: { id: adminFile.id } }, 404, ErrorCode.NotFound);
    await withKey(other.key).fails(
      userFileEndpoints.remove,
      { params: { id: signed.file_id } },
      404,
      ErrorCode.NotFound,
    );
    const edited = await owner.ok(userFileEndpoints.update, {
      params: { id: signed.file_id },
      body: { remark: 'edited', max_views: 3 },
    });
    expect(edited.remark).toBe('edited');
    const removed = await owner.ok(userFileEndpoints.removeMany, { body: { ids: [signed.file_id, adminFile.id] } });
    expect(removed.deleted).toBe(1);
    expect(await new FileRepo(h.server.db).findById(adminFile.id)).toBeDefined();
    const textOnly = await insertApiKey(h.server.db, { text_permission: 1 });
    await withKey(textOnly.key).fails(userFileEndpoints.list, {}, 403, ErrorCode.Forbidden);
  });

  it('admin file management pages, renames with 409 on a clash, and deletes object and row', async () => {
    const a = await uploadFile(h, 'a.txt', Buffer.from('a'));
    const b = await uploadFile(h, 'b.txt', Buffer.from('b'));
    const page = await admin().ok(adminFileEndpoints.list, { query: { limit: 1, offset: 0 } });
    expect(page.items).toHaveLength(1);
    expect(page.pagination.hasMore).toBe(true);
    await admin().fails(
      adminFileEndpoints.update,
      { params: { id: a.id }, body: { slug: b.slug } },
      409,
      ErrorCode.SlugTaken,
    );
    expect(await admin().ok(adminFileEndpoints.remove, { params: { id: a.id } })).toEqual({ id: a.id, deleted: true });
    expect(await (await h.driver()).head(a.storage_path)).toBeNull();
  });

  it('the sweeper removes an uncommitted presign older than 24 h, with its object', async () => {
    const signed = expectOk(await presign(h, { filename: 'abandoned.txt', size: 4 }), presignResponseSchema, 201);
    await putTo(signed.upload_url, 'lost', signed.contentType);
    const task = createUploadSweepTask(createRepositories(h.server.db), h.storage);
    await task.run(Date.now() + pendingUploadTtlMs - 60_000);
    expect(await new FileRepo(h.server.db).findById(signed.file_id)).toBeDefined();
    expect(await task.run(Date.now() + pendingUploadTtlMs + 60_000)).toBeGreaterThanOrEqual(1);
    expect(await new FileRepo(h.server.db).findById(signed.file_id)).toBeUndefined();
    expect(await (await h.driver()).head(signed.storage_path)).toBeNull();
  });
});
