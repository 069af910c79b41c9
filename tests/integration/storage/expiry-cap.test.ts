import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFileEndpoints, getPublicFile } from '@shared/api/file.endpoints';
import { commitUpload } from '@shared/api/upload.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import { presignResponseSchema } from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { presign, putTo, startHarness, uploadFile, type Harness } from './storage-harness';

describe('share expiry cannot go past 9999-12-31T23:59:59Z', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('local');
  });
  afterAll(() => h.close());

  const adminApi = () => testApi(h.server.baseUrl, asAdmin(h.token));

  it('refuses an expires_in at commit that lands after year 9999, naming the field', async () => {
    const signed = expectOk(await presign(h, { filename: 'far.txt', size: 3 }), presignResponseSchema, 201);
    const put = await putTo(signed.upload_url, 'far', signed.contentType);
    const refused = expectError(
      await adminApi().send(commitUpload, {
        body: {
          file_id: signed.file_id,
          etag: put.etag,
          size: 3,
          expires_in: 100_000_000,
        },
      }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(refused.data.issues?.[0]?.path).toBe('expires_in');
    expectOk(
      await adminApi().send(commitUpload, {
        body: { file_id: signed.file_id, etag: put.etag, size: 3, expires_in: 24 },
      }),
      z.unknown(),
    );
  });

  it('refuses an expires_at after 9999-12-31T23:59:59Z (offsets included) and keeps the file reachable', async () => {
    const file = await uploadFile(h, 'later.txt', Buffer.from('later'));
    for (const expiresAt of ['9999-12-31T23:59:59-05:00', '9999-12-31T23:59:59.500Z']) {
      const refused = expectError(
        await adminApi().send(adminFileEndpoints.update, { params: { id: file.id }, body: { expires_at: expiresAt } }),
        400,
        ErrorCode.ValidationFailed,
      );
      expect(refused.message).toMatch(/expires_at/);
    }
    expectOk(
      await adminApi().send(adminFileEndpoints.update, {
        params: { id: file.id },
        body: { expires_at: '9999-12-31T23:59:59Z' },
      }),
      z.unknown(),
    );
    expect((await testApi(h.server.baseUrl).send(getPublicFile, { params: { slug: file.slug } })).status).toBe(200);
  });
});
