// Resuming a multipart share upload after the browser lost its page (uploads that resume):
// the parts storage already holds are listed for the caller who started the upload, and only the
// rest need sending before complete and commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abortMultipartUpload,
  commitUpload,
  completeMultipartUpload,
  initMultipartUpload,
  listMultipartParts,
} from '@shared/api/upload.endpoints';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import * as z from 'zod/mini';
import {
  commitResponseSchema,
  multipartCompleteResponseSchema,
  multipartInitResponseSchema,
  multipartPartsResponseSchema,
} from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { expectError, expectOk } from '@tests/integration/support/http';
import { download, drivers, putTo, randomBytesOf, sha256, startHarness, type Harness } from './storage-harness';

const MiB = 1024 * 1024;

describe.each(drivers)('listing the stored parts of a multipart upload on the %s driver', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(name);
  });
  afterAll(() => h.close());

  const admin = () => testApi(h.server.baseUrl, asAdmin(h.token));

  it('lists the parts sent so far, and the upload finishes after sending only the others', async () => {
    const bytes = randomBytesOf(15 * MiB + 4321, 5);
    const slice = (partNumber: number) => bytes.subarray((partNumber - 1) * 5 * MiB, partNumber * 5 * MiB);
    const init = expectOk(
      await admin().send(initMultipartUpload, {
        body: {
          s3_config_id: h.configId,
          filename: 'resume.bin',
          mimetype: 'application/octet-stream',
          size: bytes.length,
          part_size: 5 * MiB,
        },
      }),
      multipartInitResponseSchema,
      201,
    );
    const url = (partNumber: number) => init.presigned_urls.find((part) => part.partNumber === partNumber)?.url ?? '';
    const sent = new Map<number, string>();
    for (const partNumber of [1, 3]) {
      const put = await putTo(url(partNumber), slice(partNumber));
      expect(put.status, put.text).toBe(200);
      sent.set(partNumber, put.etag);
    }

    const ids = { file_id: init.file_id, upload_id: init.upload_id };
    const listed = expectOk(await admin().send(listMultipartParts, { body: ids }), multipartPartsResponseSchema);
    expect(listed).toMatchObject({ ...ids, part_size: 5 * MiB, part_count: 4 });
    expect(listed.parts.map((part) => [part.partNumber, part.size])).toEqual([
      [1, 5 * MiB],
      [3, 5 * MiB],
    ]);
    expect(listed.parts.map((part) => part.etag.replaceAll('"', ''))).toEqual(
      [sent.get(1), sent.get(3)].map((etag) => etag?.replaceAll('"', '')),
    );

    for (const partNumber of [2, 4]) {
      const put = await putTo(url(partNumber), slice(partNumber));
      expect(put.status, put.text).toBe(200);
      sent.set(partNumber, put.etag);
    }
    const parts = [
      ...listed.parts.map(({ partNumber, etag }) => ({ partNumber, etag })),
      { partNumber: 2, etag: sent.get(2) ?? '' },
      { partNumber: 4, etag: sent.get(4) ?? '' },
    ].sort((a, b) => a.partNumber - b.partNumber);
    const done = expectOk(
      await admin().send(completeMultipartUpload, { body: { ...ids, parts } }),
      multipartCompleteResponseSchema,
    );
    const committed = expectOk(
      await admin().send(commitUpload, { body: { file_id: init.file_id, etag: done.etag, size: bytes.length } }),
      commitResponseSchema,
    );
    expect(sha256((await download(h, committed.slug)).bytes)).toBe(sha256(bytes));

    expectError(await admin().send(listMultipartParts, { body: ids }), 409, ErrorCode.Conflict);
  });

  it('answers 404 to another caller, and to an upload id that is not this file’s', async () => {
    const init = expectOk(
      await admin().send(initMultipartUpload, {
        body: {
          s3_config_id: h.configId,
          filename: 'mine.bin',
          mimetype: 'application/octet-stream',
          size: 6 * MiB,
        },
      }),
      multipartInitResponseSchema,
      201,
    );
    const ids = { file_id: init.file_id, upload_id: init.upload_id };
    expect(expectOk(await admin().send(listMultipartParts, { body: ids }), multipartPartsResponseSchema).parts).toEqual(
      [],
    );
    const { key } = await insertApiKey(h.server.db, { file_permission: 1, basic_path: '/' });
    expectError(
      await testApi(h.server.baseUrl, asApiKey(key)).send(listMultipartParts, { body: ids }),
      404,
      ErrorCode.NotFound,
    );
    expectError(
      await admin().send(listMultipartParts, { body: { ...ids, upload_id: `${init.upload_id}x` } }),
      404,
      ErrorCode.NotFound,
    );
    expectOk(
      await admin().send(abortMultipartUpload, { body: ids }),
      z.pick(multipartCompleteResponseSchema, { file_id: true }),
    );
    expectError(await admin().send(listMultipartParts, { body: ids }), 404, ErrorCode.NotFound);
  });
});
