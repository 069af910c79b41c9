// A storage backend that cannot be reached answers 502 naming the storage, never a bare 500, on
// every upload call; and cancelling an upload still removes its row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageConfigSchema } from '@shared/api/storage-config.schema';
import { presignResponseSchema } from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { freePort } from '@tests/support/free-port';
import { call, expectError, expectOk } from '@tests/integration/support/http';
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
      await call(h.server.baseUrl, 'POST', '/api/s3-configs', { token: h.token, json: input }),
      storageConfigSchema,
      201,
    ).id;
    deadEndpoint = `http://127.0.0.1:${await freePort()}`;
  });
  afterAll(() => h.close());

  const post = (path: string, json: unknown) => call(h.server.baseUrl, 'POST', path, { token: h.token, json });
  const upload = { s3_config_id: '', filename: 'a.bin', mimetype: 'application/octet-stream', size: 4 };

  it('answers 502 naming the storage on commit, multipart init and the form upload; cancel removes the row', async () => {
    const pending = expectOk(
      await post('/api/s3/presign', { ...upload, s3_config_id: configId }),
      presignResponseSchema,
      201,
    );
    expectOk(
      await call(h.server.baseUrl, 'PUT', `/api/s3-configs/${configId}`, {
        token: h.token,
        json: { endpoint_url: deadEndpoint },
      }),
      storageConfigSchema,
    );

    const commit = expectError(
      await post('/api/s3/commit', { file_id: pending.file_id, etag: 'e', size: 4 }),
      502,
      ErrorCode.BadGateway,
    );
    expect(commit.message).toContain('Offsite backup');
    expectError(
      await post('/api/s3/multipart/init', { ...upload, s3_config_id: configId, size: 20 * 1024 * 1024 }),
      502,
      ErrorCode.BadGateway,
    );
    const boundary = 'outage';
    const form = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="s3_config_id"`,
      '',
      configId,
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="b.txt"',
      'Content-Type: text/plain',
      '',
      'data',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const formUpload = await call(h.server.baseUrl, 'POST', '/api/upload', {
      token: h.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: form,
    });
    expectError(formUpload, 502, ErrorCode.BadGateway);

    expect((await post('/api/s3/cancel', { file_id: pending.file_id })).status).toBe(200);
    expect(
      await h.server.db.selectFrom('files').select('id').where('storage_config_id', '=', configId).execute(),
    ).toEqual([]);
  });
});
