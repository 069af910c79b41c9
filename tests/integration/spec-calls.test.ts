// The calls of the product spec §7 sent exactly as the spec writes them are accepted, on each
// driver; fields nobody reads are refused with a 400 naming them instead of being dropped.
// raw file: these calls are sent exactly as the product spec spells them, the point of the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fsMultipartInitResultSchema, fsSearchResultSchema } from '@shared/api/fs.schema';
import { officePreviewSchema } from '@shared/api/file-share.schema';
import { maxUploadSizeSchema } from '@shared/api/settings.schema';
import { commitResponseSchema, presignResponseSchema } from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { admin, fsCall, key, mkdir, startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { drivers, putTo } from '@tests/integration/storage/storage-harness';
import { call, expectError, expectOk } from '@tests/integration/support/http';

describe.each(drivers)('the spec’s calls on the %s driver', (driver) => {
  let h: FsHarness;
  let folder: string;
  beforeAll(async () => {
    h = await startFsHarness(driver);
    folder = `${h.mountPath}/spec`;
    await mkdir(h, admin(h), folder);
  });
  afterAll(() => h.close());
  const post = (path: string, json?: unknown, who: { token?: string; apiKey?: string } = { token: h.token }) =>
    call(h.server.baseUrl, 'POST', path, { ...who, json });

  it('fs/multipart/init with filename, and complete/abort with the echoed fields', async () => {
    const init = expectOk(
      await fsCall(h, admin(h), 'POST', 'multipart/init', {
        json: { path: folder, contentType: 'application/zip', fileSize: 12 * 1024 * 1024, filename: 'big.zip' },
      }),
      fsMultipartInitResultSchema,
      201,
    );
    expect(init.path).toBe(`${folder}/big.zip`);
    const abort = await fsCall(h, admin(h), 'POST', 'multipart/abort', {
      json: { path: init.path, uploadId: init.uploadId, key: 'big.zip' },
    });
    expect(abort.status, abort.text).toBe(200);
    const neither = await fsCall(h, admin(h), 'POST', 'multipart/init', {
      json: { path: folder, fileSize: 1 },
    });
    expect(expectError(neither, 400, ErrorCode.ValidationFailed).message).toContain('fileName');
  });

  it('url/presign with url, metadata and filename, then commit with the presign answer echoed', async () => {
    const bytes = 'from a url';
    const signed = expectOk(
      await post('/api/url/presign', {
        url: 'https://example.com/files/report.txt',
        s3_config_id: h.configId,
        metadata: {
          url: 'https://example.com/files/report.txt',
          filename: 'report.txt',
          contentType: 'text/plain',
          size: bytes.length,
          lastModified: null,
          corsSupported: false,
        },
        filename: 'report.txt',
        slug: `url-${driver}`,
        remark: 'fetched',
        path: 'from-url',
      }),
      presignResponseSchema,
      201,
    );
    const put = await putTo(signed.upload_url, bytes, signed.contentType);
    expect(put.status).toBe(200);
    const committed = expectOk(
      await post('/api/url/commit', {
        file_id: signed.file_id,
        s3_config_id: h.configId,
        storage_path: signed.storage_path,
        s3_url: signed.s3_url,
        filename: 'report.txt',
        mimetype: 'text/plain',
        size: bytes.length,
        etag: put.etag,
        slug: signed.slug,
      }),
      commitResponseSchema,
    );
    expect(committed).toMatchObject({
      filename: 'report.txt',
      mimetype: 'text/plain',
      remark: 'fetched',
      slug: `url-${driver}`,
    });
    expect(committed.storage_path).toContain('from-url/');
  });

  it('office-preview with ?password, bodiless cache clears, an empty mount_id and the upload limit in MB', async () => {
    const form = new FormData();
    form.set('s3_config_id', h.configId);
    form.set('password', 'sesame');
    form.set('file', new Blob(['doc']), 'slides.pptx');
    const upload = await fetch(`${h.server.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token}` },
      body: form,
    });
    const share = commitResponseSchema.parse((await upload.json()).data);
    const preview = (query: string) => call(h.server.baseUrl, 'GET', `/api/office-preview/${share.slug}?${query}`);
    expect(expectOk(await preview('provider=microsoft&password=sesame'), officePreviewSchema).url).toContain(
      'officeapps',
    );
    expectError(await preview('provider=microsoft&password=wrong'), 401, ErrorCode.WrongPassword);

    expect((await post('/api/admin/cache/clear')).status).toBe(200);
    expect((await post('/api/user/cache/clear', undefined, await key(h))).status).toBe(200);

    expectOk(
      await fsCall(h, admin(h), 'GET', 'search', { query: { q: 'slides', mount_id: '' } }),
      fsSearchResultSchema,
    );

    expectOk(
      await call(h.server.baseUrl, 'PUT', '/api/admin/system-settings', {
        token: h.token,
        json: { max_upload_size: 512, max_upload_size_unit: 'KB' },
      }),
      z.unknown(),
    );
    const limit = expectOk(await call(h.server.baseUrl, 'GET', '/api/system/max-upload-size'), maxUploadSizeSchema);
    expect(limit).toEqual({ max_upload_size: 0.5, max_upload_size_unit: 'MB', max_upload_size_bytes: 512 * 1024 });
  });

  it('refuses fields it does not know, naming them and the known spelling', async () => {
    const paste = await post('/api/paste', { content: 'x', max_views: 1, expires_at: '2030-01-01T00:00:00Z' });
    const refused = expectError(paste, 400, ErrorCode.ValidationFailed);
    expect(refused.message).toMatch(/max_views.*did you mean maxViews/);
    expect(JSON.stringify(refused.data)).toContain('expires_at');
    expect((await post('/api/paste', { content: 'x', maxViews: 1 })).status).toBe(201);
    const mkdirTypo = await fsCall(h, admin(h), 'POST', 'mkdir', { json: { path: `${folder}/x`, recursive: true } });
    expect(expectError(mkdirTypo, 400, ErrorCode.ValidationFailed).message).toContain('recursive');
  });
});
