// A storage backend that cannot be reached answers 502 naming the storage, never a bare 500, on
// every upload call; and cancelling an upload still removes its row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelUpload,
  commitUpload,
  initMultipartUpload,
  presignUpload,
  formUpload as formUploadEndpoint,
} from '@shared/api/upload.endpoints';
import { createStorageConfig, updateStorageConfig } from '@shared/api/storage-config.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { storageConfigSchema } from '@shared/api/storage-config.schema';
import { presignResponseSchema } from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { freePort } from '@tests/support/free-port';
import { expectError, expectOk } from '@tests/integration/support/http';
import { createTestBucket } from '@tests/integration/support/rgw';
import { s3ConfigInput, startHarness, type Harness } from './storage-harness';

describe('an unreachable storage endpoint', () => {
  let h: Harness;
  let configId: string;
  let deadEndpoint: string;
  beforeAll(async () => {
    h = await startHarness('local');
    const input = { ...s3ConfigInput(await createTestBucket('outage')), name: 'Offsite backup' };
    configId = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(createStorageConfig, { body: input }),
      storageConfigSchema,
      201,
    ).id;
    deadEndpoint = `http://127.0.0.1:${await freePort()}`;
  });
  afterAll(() => h.close());

  const admin = () => testApi(h.server.baseUrl, asAdmin(h.token));
  const upload = { s3_config_id: '', filename: 'a.bin', mimetype: 'application/octet-stream', size: 4 };

  it('answers 502 naming the storage on commit, multipart init and the form upload; cancel removes the row', async () => {
    const pending = expectOk(
      await admin().send(presignUpload, { body: { ...upload, s3_config_id: configId } }),
      presignResponseSchema,
      201,
    );
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateStorageConfig, {
        params: { id: configId },
        body: { endpoint_url: deadEndpoint },
      }),
      storageConfigSchema,
    );

    const commit = expectError(
      await admin().send(commitUpload, { body: { file_id: pending.file_id, etag: 'e', size: 4 } }),
      502,
      ErrorCode.BadGateway,
    );
    expect(commit.message).toContain('Offsite backup');
    expectError(
      await admin().send(initMultipartUpload, { body: { ...upload, s3_config_id: configId, size: 20 * 1024 * 1024 } }),
      502,
      ErrorCode.BadGateway,
    );
    const form = new FormData();
    form.set('s3_config_id', configId);
    form.set('file', new Blob(['data'], { type: 'text/plain' }), 'b.txt');
    expectError(await admin().send(formUploadEndpoint, { body: form }), 502, ErrorCode.BadGateway);

    expect((await admin().send(cancelUpload, { body: { file_id: pending.file_id } })).status).toBe(200);
    expect(
      await h.server.db.selectFrom('files').select('id').where('storage_config_id', '=', configId).execute(),
    ).toEqual([]);
  });
});
