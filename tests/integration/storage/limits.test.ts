import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  commitUpload,
  formUpload as formUploadEndpoint,
  initMultipartUpload,
  presignUpload,
} from '@shared/api/upload.endpoints';
import { updateSystemSettings } from '@shared/api/settings.endpoints';
import { updateStorageConfig } from '@shared/api/storage-config.endpoints';
import { presignResponseSchema } from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { FileRepo } from '@server/modules/files/file.repo';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { expectError, expectOk } from '@tests/integration/support/http';
import { drivers, presign, putTo, randomBytesOf, startHarness, type Harness } from './storage-harness';

describe.each(drivers)('upload limits on the %s driver', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(name);
  });
  afterAll(() => h.close());

  const admin = () => testApi(h.server.baseUrl, asAdmin(h.token));
  const setMaxKb = (kb: number) =>
    admin().ok(updateSystemSettings, { body: { max_upload_size: kb, max_upload_size_unit: 'KB' } });
  const setQuota = (bytes: number | null) =>
    admin().ok(updateStorageConfig, { params: { id: h.configId }, body: { total_storage_bytes: bytes } });
  const commitRefused = (body: { file_id: string; etag: string; size: number }, status: number, code: ErrorCode) =>
    admin().fails(commitUpload, { body }, status, code);
  beforeEach(async () => {
    await setMaxKb(100 * 1024);
    await setQuota(null);
  });

  const formUpload = async (bytes: Uint8Array) => {
    const form = new FormData();
    form.set('s3_config_id', h.configId);
    form.set('file', new Blob([new Uint8Array(bytes)]), 'big.bin');
    return testApi(h.server.baseUrl, asAdmin(h.token)).send(formUploadEndpoint, { body: form });
  };

  it('refuses a declared size over max_upload_size at presign and multipart init', async () => {
    await setMaxKb(64);
    expect(
      expectError(await presign(h, { filename: 'a.bin', size: 65 * 1024 }), 413, ErrorCode.PayloadTooLarge).message,
    ).toContain('maximum upload size of 64 KB');
    await admin().fails(
      initMultipartUpload,
      {
        body: { s3_config_id: h.configId, filename: 'a.bin', mimetype: 'application/octet-stream', size: 65 * 1024 },
      },
      413,
      ErrorCode.PayloadTooLarge,
    );
    expectOk(await presign(h, { filename: 'ok.bin', size: 64 * 1024 }), presignResponseSchema, 201);
  });

  it('re-checks the limits at commit, deleting row and object when they no longer fit', async () => {
    const bytes = randomBytesOf(80 * 1024);
    const signed = expectOk(await presign(h, { filename: 'late.bin', size: bytes.length }), presignResponseSchema, 201);
    const put = await putTo(signed.upload_url, bytes, signed.contentType);
    await setMaxKb(64);
    await commitRefused(
      { file_id: signed.file_id, etag: put.etag, size: bytes.length },
      413,
      ErrorCode.PayloadTooLarge,
    );
    expect(await (await h.driver()).head(signed.storage_path)).toBeNull();
    expect(await new FileRepo(h.server.db).findById(signed.file_id)).toBeUndefined();
  });

  it('refuses a commit whose size or ETag does not match the object', async () => {
    const signed = expectOk(await presign(h, { filename: 'x.txt', size: 5 }), presignResponseSchema, 201);
    const put = await putTo(signed.upload_url, 'hello', signed.contentType);
    await commitRefused({ file_id: signed.file_id, etag: put.etag, size: 6 }, 400, ErrorCode.ValidationFailed);
    await commitRefused({ file_id: signed.file_id, etag: '"0123"', size: 5 }, 400, ErrorCode.ValidationFailed);
  });

  it('refuses a form upload over the limit while streaming', async () => {
    await setMaxKb(64);
    const refused = await formUpload(randomBytesOf(512 * 1024));
    expectError(refused, 413, ErrorCode.PayloadTooLarge);
    const pending = await h.server.db.selectFrom('files').selectAll().where('filename', '=', 'big.bin').execute();
    expect(pending).toHaveLength(0);
  });

  it('enforces the storage quota at presign, commit and form upload', async () => {
    const used = Number(
      (
        await h.server.db
          .selectFrom('files')
          .select((eb) => eb.fn.sum<number>('size').as('n'))
          .where('storage_config_id', '=', h.configId)
          .executeTakeFirst()
      )?.n ?? 0,
    );
    await setQuota(used + 10_000);
    expectError(await presign(h, { filename: 'q.bin', size: 10_001 }), 413, ErrorCode.QuotaExceeded);
    const bytes = randomBytesOf(9_000);
    const signed = expectOk(await presign(h, { filename: 'q.bin', size: bytes.length }), presignResponseSchema, 201);
    const put = await putTo(signed.upload_url, bytes, signed.contentType);
    await setQuota(used + 5_000);
    await commitRefused({ file_id: signed.file_id, etag: put.etag, size: bytes.length }, 413, ErrorCode.QuotaExceeded);
    expect(await (await h.driver()).head(signed.storage_path)).toBeNull();
    await setQuota(used + 10_000);
    expectError(await formUpload(randomBytesOf(20_000)), 413, ErrorCode.QuotaExceeded);
  });

  it('stores a file name without control, invisible or direction-override characters', async () => {
    const created = expectOk(
      await presign(h, { filename: 'photo\u0008\u202Egnp.exe\u0007', size: 1 }),
      presignResponseSchema,
      201,
    );
    expect((await new FileRepo(h.server.db).findById(created.file_id))?.filename).toBe('photognp.exe');
  });

  it('refuses a file name holding the NUL character, as every text field does', async () => {
    const refused = expectError(
      await presign(h, { filename: 'photo\u0000.exe', size: 1 }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(refused.message).toBe('filename: may not contain the NUL character (U+0000)');
  });

  it('needs an admin or a key with file permission to upload', async () => {
    await testApi(h.server.baseUrl).fails(
      presignUpload,
      { body: { filename: 'a', mimetype: 'text/plain', size: 1 } },
      401,
      ErrorCode.Unauthorized,
    );
  });
});
