// A read-only API key with file permission may look at storage and its own shares, but every
// call that writes storage or a share is refused with 403 before anything is read or stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPublicFile, userFileEndpoints } from '@shared/api/file.endpoints';
import { listStorageConfigs } from '@shared/api/storage-config.endpoints';
import { cancelUpload, commitUpload, initMultipartUpload, presignUpload } from '@shared/api/upload.endpoints';
import { asApiKey, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import { fileDetailSchema, fileListSchema } from '@shared/api/file-share.schema';
import { storageConfigSchema } from '@shared/api/storage-config.schema';
import { commitResponseSchema, presignResponseSchema } from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk, type CallOptions } from '@tests/integration/support/http';
import { presign, putTo, startHarness, type Harness } from './storage-harness';

describe('a read-only API key', () => {
  let h: Harness;
  let keyId: string;
  let apiKey: string;
  let shared: z.infer<typeof commitResponseSchema>;
  const filesCount = async () =>
    Number(
      (
        await h.server.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const keyApi = () => testApi(h.server.baseUrl, asApiKey(apiKey));
  /** Any body, the ones the contract refuses included. */
  const as = (path: string, method: string, options: Omit<CallOptions, 'apiKey'> = {}) =>
    call(h.server.baseUrl, method, path, { ...options, apiKey });

  beforeAll(async () => {
    h = await startHarness('local');
    ({ key: apiKey, id: keyId } = await insertApiKey(h.server.db, { file_permission: 1 }));
    // The key shares a file while it may still write; then it is made read-only.
    const signed = expectOk(
      await presign(h, { filename: 'mine.txt', size: 4, mimetype: 'text/plain' }, { apiKey }),
      presignResponseSchema,
      201,
    );
    const put = await putTo(signed.upload_url, 'mine', signed.contentType);
    shared = expectOk(
      await keyApi().send(commitUpload, { body: { file_id: signed.file_id, etag: put.etag, size: 4 } }),
      commitResponseSchema,
    );
    await h.server.db.updateTable('api_keys').set({ read_only: 1 }).where('id', '=', keyId).execute();
  });
  afterAll(() => h.close());

  it('still lists the storage configs and its own shares', async () => {
    expect(
      expectOk(await keyApi().send(listStorageConfigs, {}), z.array(storageConfigSchema)).map((config) => config.id),
    ).toContain(h.configId);
    expect(
      expectOk(await keyApi().send(userFileEndpoints.list, {}), fileListSchema).items.map((file) => file.id),
    ).toEqual([shared.id]);
    expect(
      expectOk(await keyApi().send(userFileEndpoints.get, { params: { id: shared.id } }), fileDetailSchema).slug,
    ).toBe(shared.slug);
  });

  it('is refused every share upload before a pending row exists', async () => {
    const before = await filesCount();
    const upload = { s3_config_id: h.configId, filename: 'refused.txt', mimetype: 'text/plain', size: 1 };
    for (const endpoint of [presignUpload, initMultipartUpload]) {
      expect(expectError(await keyApi().send(endpoint, { body: upload }), 403, ErrorCode.Forbidden).message).toMatch(
        /read-only/,
      );
    }
    const boundary = 'read-only-boundary';
    const form = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="refused.txt"',
      'Content-Type: text/plain',
      '',
      'r',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    expectError(
      // raw: a hand-written multipart body, so nothing but the key decides
      await as('/api/upload', 'POST', {
        body: form,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
      403,
      ErrorCode.Forbidden,
    );
    expect(await filesCount()).toBe(before);
  });

  it('is refused every change to its shares, which stay as they were', async () => {
    expectError(
      await keyApi().send(userFileEndpoints.update, { params: { id: shared.id }, body: { remark: 'changed' } }),
      403,
      ErrorCode.Forbidden,
    );
    expectError(await keyApi().send(userFileEndpoints.remove, { params: { id: shared.id } }), 403, ErrorCode.Forbidden);
    expectError(
      await keyApi().send(userFileEndpoints.removeMany, { body: { ids: [shared.id] } }),
      403,
      ErrorCode.Forbidden,
    );
    expectError(await keyApi().send(cancelUpload, { body: { file_id: shared.id } }), 403, ErrorCode.Forbidden);
    const still = expectOk(await keyApi().send(userFileEndpoints.get, { params: { id: shared.id } }), fileDetailSchema);
    expect(still.remark).toBeNull();
    expect((await testApi(h.server.baseUrl).send(getPublicFile, { params: { slug: shared.slug } })).status).toBe(200);
  });
});
