import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPublicFile } from '@shared/api/file.endpoints';
import {
  abortMultipartUpload,
  cancelUpload,
  commitUpload,
  completeMultipartUpload,
  initMultipartUpload,
  refreshMultipartUrls,
  formUpload,
} from '@shared/api/upload.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import {
  commitResponseSchema,
  multipartCompleteResponseSchema,
  multipartInitResponseSchema,
  presignResponseSchema,
} from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { FileRepo } from '@server/modules/files/file.repo';
import { expectError, expectOk } from '@tests/integration/support/http';
import {
  download,
  drivers,
  presign,
  putTo,
  randomBytesOf,
  sha256,
  startHarness,
  uploadFile,
  type Harness,
} from './storage-harness';

const MiB = 1024 * 1024;

describe.each(drivers)('file-share uploads on the %s driver', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(name);
  });
  afterAll(() => h.close());

  const admin = () => testApi(h.server.baseUrl, asAdmin(h.token));

  it('presign → PUT to the presigned URL → commit → public download gives the same bytes', async () => {
    const bytes = randomBytesOf(70_000);
    const committed = await uploadFile(h, 'photo.png', bytes, { mimetype: 'image/png', remark: 'hello' });
    expect(committed).toMatchObject({
      filename: 'photo.png',
      size: bytes.length,
      mimetype: 'image/png',
      remark: 'hello',
      url: `/file/${committed.slug}`,
    });
    expect(committed.storage_path).toMatch(/^shares\/[A-Za-z0-9]{6}-photo\.png$/);
    const got = await download(h, committed.slug);
    expect(got.status).toBe(200);
    expect(sha256(got.bytes)).toBe(sha256(bytes));
  });

  it('multipart: 3 parts of 5 MiB and a small one → complete → commit → bytes match', async () => {
    const bytes = randomBytesOf(15 * MiB + 1234, 11);
    const init = expectOk(
      await admin().send(initMultipartUpload, {
        body: {
          s3_config_id: h.configId,
          filename: 'big.bin',
          mimetype: 'application/octet-stream',
          size: bytes.length,
          part_size: 5 * MiB,
        },
      }),
      multipartInitResponseSchema,
      201,
    );
    expect(init.part_count).toBe(4);
    const parts = [];
    for (const { partNumber, url } of init.presigned_urls) {
      const put = await putTo(url, bytes.subarray((partNumber - 1) * 5 * MiB, partNumber * 5 * MiB));
      expect(put.status, put.text).toBe(200);
      parts.push({ partNumber, etag: put.etag });
    }
    const refreshed = expectOk(
      await admin().send(refreshMultipartUrls, {
        body: { file_id: init.file_id, upload_id: init.upload_id, part_numbers: [2] },
      }),
      z.object({ presigned_urls: z.array(z.object({ partNumber: z.number(), url: z.string() })) }),
    );
    expect(refreshed.presigned_urls[0]?.partNumber).toBe(2);
    const done = expectOk(
      await admin().send(completeMultipartUpload, {
        body: { file_id: init.file_id, upload_id: init.upload_id, parts },
      }),
      multipartCompleteResponseSchema,
    );
    const committed = expectOk(
      await admin().send(commitUpload, { body: { file_id: init.file_id, etag: done.etag, size: bytes.length } }),
      commitResponseSchema,
    );
    const got = await download(h, committed.slug);
    expect(got.bytes.length).toBe(bytes.length);
    expect(sha256(got.bytes)).toBe(sha256(bytes));
  });

  it('an aborted multipart upload leaves no object and no parts', async () => {
    const init = expectOk(
      await admin().send(initMultipartUpload, {
        body: {
          s3_config_id: h.configId,
          filename: 'gone.bin',
          mimetype: 'application/octet-stream',
          size: 6 * MiB,
        },
      }),
      multipartInitResponseSchema,
      201,
    );
    const first = init.presigned_urls[0];
    expect((await putTo(first?.url ?? '', randomBytesOf(5 * MiB))).status).toBe(200);
    const driver = await h.driver();
    expect(await driver.listParts(init.storage_path, init.upload_id)).toHaveLength(1);
    expectOk(
      await admin().send(abortMultipartUpload, { body: { file_id: init.file_id, upload_id: init.upload_id } }),
      z.object({ status: z.literal('aborted') }),
    );
    await expect(driver.listParts(init.storage_path, init.upload_id)).rejects.toThrow(/multipart upload/);
    expect(await driver.head(init.storage_path)).toBeNull();
    expect(await new FileRepo(h.server.db).findById(init.file_id)).toBeUndefined();
  });

  it('cancel after presign and PUT removes the row and the object', async () => {
    const signed = expectOk(await presign(h, { filename: 'oops.txt', size: 5 }), presignResponseSchema, 201);
    expect((await putTo(signed.upload_url, 'hello', signed.contentType)).status).toBe(200);
    const driver = await h.driver();
    expect(await driver.head(signed.storage_path)).not.toBeNull();
    expectOk(
      await admin().send(cancelUpload, { body: { file_id: signed.file_id } }),
      z.object({ file_id: z.string(), status: z.literal('cancelled') }),
    );
    expect(await driver.head(signed.storage_path)).toBeNull();
    expect(await new FileRepo(h.server.db).findById(signed.file_id)).toBeUndefined();
  });

  it('cancel that crosses the commit withdraws the committed share and its object', async () => {
    const signed = expectOk(await presign(h, { filename: 'late.txt', size: 5 }), presignResponseSchema, 201);
    const put = await putTo(signed.upload_url, 'hello', signed.contentType);
    const committed = expectOk(
      await admin().send(commitUpload, { body: { file_id: signed.file_id, etag: put.etag, size: 5 } }),
      commitResponseSchema,
    );
    expectOk(
      await admin().send(cancelUpload, { body: { file_id: committed.id } }),
      z.object({ file_id: z.string(), status: z.literal('cancelled') }),
    );
    expect(await (await h.driver()).head(signed.storage_path)).toBeNull();
    expect(await new FileRepo(h.server.db).findById(signed.file_id)).toBeUndefined();
    expect(
      (await fetch(testApi(h.server.baseUrl).url(getPublicFile, { params: { slug: committed.slug } }))).status,
    ).toBe(404);
  });

  it('copies an object whole, keeping its content type', async () => {
    const bytes = randomBytesOf(200_000, 11);
    const signed = expectOk(
      await presign(h, { filename: 'original.bin', size: bytes.length, mimetype: 'application/pdf' }),
      presignResponseSchema,
      201,
    );
    expect((await putTo(signed.upload_url, bytes, signed.contentType)).status).toBe(200);
    const driver = await h.driver();
    const copyKey = `${signed.storage_path}.copy`;
    await driver.copy(signed.storage_path, copyKey);
    expect(await driver.head(copyKey)).toMatchObject({ size: bytes.length, contentType: 'application/pdf' });
    const copied = await driver.getObject(copyKey);
    const chunks: Buffer[] = [];
    for await (const chunk of copied.body) chunks.push(Buffer.from(chunk));
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
    await driver.deleteMany([signed.storage_path, copyKey]);
  });

  it('refuses a tampered presigned URL', async () => {
    const signed = expectOk(await presign(h, { filename: 'tamper.txt', size: 5 }), presignResponseSchema, 201);
    const url = new URL(signed.upload_url);
    const param = url.searchParams.has('sig') ? 'sig' : 'X-Amz-Signature';
    const signature = url.searchParams.get(param) ?? '';
    url.searchParams.set(param, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
    expect((await putTo(url.toString(), 'hello', signed.contentType)).status).toBe(403);
    const otherKey = new URL(signed.upload_url);
    if (param === 'sig') {
      otherKey.searchParams.set('k', 'elsewhere.txt');
      expect((await putTo(otherKey.toString(), 'hello', signed.contentType)).status).toBe(403);
    }
    expect(await (await h.driver()).head(signed.storage_path)).toBeNull();
  });

  it('streams a form upload into storage', async () => {
    const bytes = randomBytesOf(300_000, 3);
    const form = new FormData();
    form.set('s3_config_id', h.configId);
    form.set('path', 'docs/2030');
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'report.pdf');
    form.set('remark', 'via form');
    form.set('max_views', '5');
    const result = expectOk(await admin().send(formUpload, { body: form }), commitResponseSchema, 201);
    expect(result).toMatchObject({
      filename: 'report.pdf',
      size: bytes.length,
      mimetype: 'application/pdf',
      remark: 'via form',
      maxViews: 5,
    });
    expect(result.storage_path).toMatch(/^shares\/docs\/2030\/[A-Za-z0-9]{6}-report\.pdf$/);
    expect(sha256((await download(h, result.slug)).bytes)).toBe(sha256(bytes));
  });

  it('refuses a custom slug that is already taken with 409', async () => {
    const slug = `taken-${name}`;
    expectOk(await presign(h, { filename: 'a.txt', size: 1, slug }), presignResponseSchema, 201);
    expectError(await presign(h, { filename: 'b.txt', size: 1, slug }), 409, ErrorCode.SlugTaken);
    expectError(await presign(h, { filename: 'c.txt', size: 1, slug: 'admin' }), 400, ErrorCode.ValidationFailed);
  });
});
