import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '@server/db/repositories';
import { z } from 'zod';
import { fileDeletedSchema, fileListSchema } from '@shared/api/file-share.schema';
import {
  storageConfigDeletedSchema,
  storageConfigListSchema,
  storageConfigSchema,
  storageTestResultSchema,
} from '@shared/api/storage-config.schema';
import { presignResponseSchema } from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { FileRepo } from '@server/modules/files/file.repo';
import { createUploadSweepTask, pendingUploadTtlMs } from '@server/modules/uploads/upload-sweep.service';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { createTestBucket } from '@tests/integration/support/rgw';
import { drivers, presign, putTo, s3ConfigInput, startHarness, uploadFile, type Harness } from './storage-harness';

describe.each(drivers)('storage configs and file management on the %s driver', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(name);
  });
  afterAll(() => h.close());

  const as = (auth: { token?: string; apiKey?: string }) => (method: string, path: string, json?: unknown) =>
    call(h.server.baseUrl, method, path, { ...auth, json });
  const admin = (method: string, path: string, json?: unknown) => as({ token: h.token })(method, path, json);

  it('runs the config test: read, write, CORS and a presigned upload all pass', async () => {
    if (name === 's3') {
      expectOk(
        await admin('POST', `/api/s3-configs/${h.configId}/apply-cors`, { origin: h.server.baseUrl }),
        z.object({ applied: z.literal(true) }),
      );
    }
    const result = await call(h.server.baseUrl, 'POST', `/api/s3-configs/${h.configId}/test`, {
      token: h.token,
      headers: { origin: h.server.baseUrl },
    });
    const data = expectOk(result, storageTestResultSchema);
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
    const created = await admin('POST', '/api/s3-configs', { ...input, is_public: false });
    expect(created.text).not.toContain(input.secret_access_key);
    const config = expectOk(created, storageConfigSchema, 201);
    expect(config).toMatchObject({ has_secret: true, driver: 's3', is_public: false });
    const row = await h.server.db
      .selectFrom('storage_configs')
      .selectAll()
      .where('id', '=', config.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_access_key_enc).toMatch(/^v1\./);
    expect(row.secret_access_key_enc).not.toContain(input.secret_access_key);
    const listed = await admin('GET', '/api/s3-configs');
    expect(listed.text).not.toContain(input.secret_access_key);
    expect(expectOk(listed, storageConfigListSchema).map((c) => c.id)).toContain(config.id);
    const updated = expectOk(
      await admin('PUT', `/api/s3-configs/${config.id}`, { name: 'renamed', signature_expires_in: 600 }),
      storageConfigSchema,
    );
    expect(updated).toMatchObject({ name: 'renamed', signature_expires_in: 600, has_secret: true });
    expectError(
      await admin('PUT', `/api/s3-configs/${config.id}`, { signature_expires_in: 10 }),
      400,
      ErrorCode.ValidationFailed,
    );
    expectError(
      await admin('POST', '/api/s3-configs', { ...input, endpoint_url: 'ftp://x', bucket_name: 'ab' }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(
      expectOk(await admin('PUT', `/api/s3-configs/${config.id}/set-default`), storageConfigSchema).is_default,
    ).toBe(true);
    expectOk(await admin('PUT', `/api/s3-configs/${h.configId}/set-default`), storageConfigSchema);
    expect(expectOk(await admin('DELETE', `/api/s3-configs/${config.id}`), storageConfigDeletedSchema)).toEqual({
      id: config.id,
      deleted: true,
    });
    expectError(await admin('GET', `/api/s3-configs/${config.id}`), 404, ErrorCode.NotFound);
  });

  it('refuses to delete a config that files use, naming the count', async () => {
    await uploadFile(h, 'keep.txt', Buffer.from('keep'));
    const refused = expectError(await admin('DELETE', `/api/s3-configs/${h.configId}`), 409, ErrorCode.Conflict);
    expect(refused.message).toMatch(/\d+ file\(s\)/);
  });

  it('shows API keys public configs only, and writes are admin only', async () => {
    const privateConfig = expectOk(
      await admin('POST', '/api/s3-configs', { ...s3ConfigInput(await createTestBucket('private')), is_public: false }),
      storageConfigSchema,
      201,
    );
    const { key } = await insertApiKey(h.server.db, { file_permission: 1 });
    const asKey = as({ apiKey: key });
    const visible = expectOk(await asKey('GET', '/api/s3-configs'), storageConfigListSchema);
    expect(visible.every((c) => c.is_public)).toBe(true);
    expect(visible.map((c) => c.id)).not.toContain(privateConfig.id);
    expectError(await asKey('GET', `/api/s3-configs/${privateConfig.id}`), 404, ErrorCode.NotFound);
    expectError(await asKey('POST', '/api/s3-configs', s3ConfigInput('whatever')), 403, ErrorCode.Forbidden);
    const noFiles = await insertApiKey(h.server.db, { text_permission: 1 });
    expectError(await as({ apiKey: noFiles.key })('GET', '/api/s3-configs'), 403, ErrorCode.Forbidden);
    expectOk(await admin('DELETE', `/api/s3-configs/${privateConfig.id}`), storageConfigDeletedSchema);
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
    expectOk(
      await as({ apiKey: mine.key })('POST', '/api/s3/commit', { file_id: signed.file_id, etag: put.etag, size: 4 }),
      z.unknown(),
    );
    const adminFile = await uploadFile(h, 'admins.txt', Buffer.from('admin'));
    const list = expectOk(await as({ apiKey: mine.key })('GET', '/api/user/files'), fileListSchema);
    expect(list.items.map((f) => f.id)).toEqual([signed.file_id]);
    expect(list.pagination).toEqual({ total: 1, limit: 50, offset: 0, hasMore: false });
    expectError(await as({ apiKey: mine.key })('GET', `/api/user/files/${adminFile.id}`), 404, ErrorCode.NotFound);
    expectError(
      await as({ apiKey: other.key })('DELETE', `/api/user/files/${signed.file_id}`),
      404,
      ErrorCode.NotFound,
    );
    expectOk(
      await as({ apiKey: mine.key })('PUT', `/api/user/files/${signed.file_id}`, { remark: 'edited', max_views: 3 }),
      z.object({ remark: z.literal('edited') }),
    );
    expectOk(
      await as({ apiKey: mine.key })('POST', '/api/user/files/batch-delete', { ids: [signed.file_id, adminFile.id] }),
      z.object({ deleted: z.literal(1) }),
    );
    expect(await new FileRepo(h.server.db).findById(adminFile.id)).toBeDefined();
    const textOnly = await insertApiKey(h.server.db, { text_permission: 1 });
    expectError(await as({ apiKey: textOnly.key })('GET', '/api/user/files'), 403, ErrorCode.Forbidden);
  });

  it('admin file management pages, renames with 409 on a clash, and deletes object and row', async () => {
    const a = await uploadFile(h, 'a.txt', Buffer.from('a'));
    const b = await uploadFile(h, 'b.txt', Buffer.from('b'));
    const page = expectOk(await admin('GET', '/api/admin/files?limit=1&offset=0'), fileListSchema);
    expect(page.items).toHaveLength(1);
    expect(page.pagination.hasMore).toBe(true);
    expectError(await admin('PUT', `/api/admin/files/${a.id}`, { slug: b.slug }), 409, ErrorCode.SlugTaken);
    expect(expectOk(await admin('DELETE', `/api/admin/files/${a.id}`), fileDeletedSchema)).toEqual({
      id: a.id,
      deleted: true,
    });
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
