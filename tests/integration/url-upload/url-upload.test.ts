// A URL upload end to end over HTTP, as the transfer worker does it: the bytes come through
// url/proxy, go to storage through the /url/ multipart or single-PUT steps, and the share gets
// the same options and limits as a device upload. Cancel and abort leave nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  urlCancel,
  urlCommit,
  urlMultipartAbort,
  urlMultipartComplete,
  urlMultipartInit,
  urlPresign,
  urlProxy,
} from '@shared/api/url-upload.endpoints';
import { getPublicFile, verifyFilePassword } from '@shared/api/file.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import { lockedFileSchema, verifiedFileSchema } from '@shared/api/file-share.schema';
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
  putTo,
  sha256,
  startHarness,
  type Harness,
} from '@tests/integration/storage/storage-harness';
import { startUrlFixture, type UrlFixture } from '@tests/support/url-fixture';

const MiB = 1024 * 1024;

describe.each(drivers)('URL uploads on the %s driver', (name) => {
  let h: Harness;
  let fixture: UrlFixture;
  beforeAll(async () => {
    fixture = await startUrlFixture();
    h = await startHarness(name, { env: { URL_FETCH_ALLOW: '127.0.0.2' } });
  });
  afterAll(async () => {
    await h.close();
    await fixture.close();
  });

  const admin = () => testApi(h.server.baseUrl, asAdmin(h.token));
  const proxied = async (url: string) => {
    const response = await fetch(testApi(h.server.baseUrl).url(urlProxy, { query: { url } }), {
      headers: { authorization: `Bearer ${h.token}` },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('proxy → multipart init → parts → complete → commit, with every share option', async () => {
    const size = 6 * MiB + 321;
    const bytes = await proxied(`${fixture.origin}/plain/${size}/video.bin`);
    const init = expectOk(
      await admin().send(urlMultipartInit, {
        body: {
          s3_config_id: h.configId,
          filename: 'video.bin',
          mimetype: 'application/octet-stream',
          size,
          part_size: 5 * MiB,
          path: 'from-urls',
          slug: `url-${name}`,
        },
      }),
      multipartInitResponseSchema,
      201,
    );
    expect(init).toMatchObject({ part_count: 2, slug: `url-${name}` });
    expect(init.storage_path).toMatch(/^shares\/from-urls\//);
    const parts = [];
    for (const { partNumber, url } of init.presigned_urls) {
      const put = await putTo(url, bytes.subarray((partNumber - 1) * 5 * MiB, partNumber * 5 * MiB));
      expect(put.status, put.text).toBe(200);
      parts.push({ partNumber, etag: put.etag });
    }
    const done = expectOk(
      await admin().send(urlMultipartComplete, { body: { file_id: init.file_id, upload_id: init.upload_id, parts } }),
      multipartCompleteResponseSchema,
    );
    const share = { remark: 'from a URL', password: 'open sesame', expires_in: 24, max_views: 3 };
    const committed = expectOk(
      await admin().send(urlCommit, { body: { file_id: init.file_id, etag: done.etag, size, ...share } }),
      commitResponseSchema,
    );
    expect(committed).toMatchObject({
      slug: `url-${name}`,
      size,
      remark: 'from a URL',
      hasPassword: true,
      maxViews: 3,
    });
    const info = expectOk(
      await testApi(h.server.baseUrl).send(getPublicFile, { params: { slug: committed.slug } }),
      lockedFileSchema,
    );
    expect(info).toMatchObject({ requires_password: true });
    const verified = expectOk(
      await testApi(h.server.baseUrl).send(verifyFilePassword, {
        params: { slug: committed.slug },
        body: { password: 'open sesame' },
      }),
      verifiedFileSchema,
    );
    expect(verified).toMatchObject({ requires_password: true, max_views: 3 });
    expect(verified.expires_at).not.toBeNull();

    expectOk(
      await admin().send(urlCancel, { body: { file_id: committed.id } }),
      z.object({ status: z.literal('cancelled') }),
    );
    expect(await new FileRepo(h.server.db).findById(committed.id)).toBeUndefined();
    expect(await (await h.driver()).head(init.storage_path)).toBeNull();
  });

  it('presign → PUT → commit for a small file, downloadable afterwards', async () => {
    const bytes = await proxied(`${fixture.origin}/cors/2048/small.txt`);
    const signed = expectOk(
      await admin().send(urlPresign, {
        body: {
          s3_config_id: h.configId,
          filename: 'small.txt',
          mimetype: 'text/plain',
          size: bytes.length,
        },
      }),
      presignResponseSchema,
      201,
    );
    const put = await putTo(signed.upload_url, bytes, signed.contentType);
    const committed = expectOk(
      await admin().send(urlCommit, { body: { file_id: signed.file_id, etag: put.etag, size: bytes.length } }),
      commitResponseSchema,
    );
    expect(sha256((await download(h, committed.slug)).bytes)).toBe(sha256(bytes));
  });

  it('abort removes the pending upload; a taken slug and a size over the limit are refused', async () => {
    const init = expectOk(
      await admin().send(urlMultipartInit, {
        body: {
          s3_config_id: h.configId,
          filename: 'gone.bin',
          mimetype: 'application/octet-stream',
          size: 10,
        },
      }),
      multipartInitResponseSchema,
      201,
    );
    expectOk(
      await admin().send(urlMultipartAbort, { body: { file_id: init.file_id, upload_id: init.upload_id } }),
      z.object({ status: z.literal('aborted') }),
    );
    expect(await new FileRepo(h.server.db).findById(init.file_id)).toBeUndefined();

    const start = {
      s3_config_id: h.configId,
      filename: 'x.bin',
      mimetype: 'application/octet-stream',
      size: 10,
      slug: `url-taken-${name}`,
    };
    expectOk(await admin().send(urlPresign, { body: start }), presignResponseSchema, 201);
    expectError(await admin().send(urlPresign, { body: start }), 409, ErrorCode.SlugTaken);
    expectError(
      await admin().send(urlMultipartInit, { body: { ...start, slug: undefined, size: 200 * MiB } }),
      413,
      ErrorCode.PayloadTooLarge,
    );
  });
});
