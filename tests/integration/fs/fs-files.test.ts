import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFsEndpoints } from '@shared/api/fs.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import {
  fsEntryDetailSchema,
  fsEntrySchema,
  fsFileLinkSchema,
  fsMultipartInitResultSchema,
  fsMultipartPartResultSchema,
  fsPresignResultSchema,
  fsSearchResultSchema,
} from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { drivers, fetchBytes, putTo, randomBytesOf, sha256 } from '@tests/integration/storage/storage-harness';
import {
  admin,
  formUpload,
  fsCall,
  key,
  list,
  mkdir,
  startFsHarness,
  writeText,
  type FsHarness,
  type Who,
} from './fs-harness';

const MiB = 1024 * 1024;

describe.each(drivers)('mount explorer files on the %s driver', (name) => {
  let h: FsHarness;
  let root: string;
  beforeAll(async () => {
    h = await startFsHarness(name);
    root = `${h.mountPath}/files`;
    await mkdir(h, admin(h), root);
  });
  afterAll(() => h.close());

  const search = async (q: string, who: Who = admin(h)) =>
    expectOk(await fsCall(h, who, 'GET', 'search', { query: { q } }), fsSearchResultSchema).results.map(
      (hit) => hit.path,
    );

  it('lists the mounts at / and one folder level inside a mount, folders first, with sizes and times', async () => {
    const top = await list(h, admin(h), '/');
    expect(top).toMatchObject({ path: '/', isRoot: true, isVirtual: true, canWrite: false, nextCursor: null });
    expect(top.items).toContainEqual(
      expect.objectContaining({ path: `${h.mountPath}/`, isMount: true, mount_id: h.mountId, storage_type: name }),
    );

    const dir = `${root}/listing`;
    await mkdir(h, admin(h), dir);
    await mkdir(h, admin(h), `${dir}/zeta`);
    expect((await writeText(h, admin(h), `${dir}/a.txt`, 'hello')).status).toBe(200);
    expect((await formUpload(h, admin(h), dir, 'b.bin', randomBytesOf(1000))).status).toBe(201);
    const listing = await list(h, admin(h), dir);
    expect(listing).toMatchObject({
      path: `${dir}/`,
      isVirtual: false,
      mount_id: h.mountId,
      canWrite: true,
      nextCursor: null,
    });
    expect(listing.items.map((item) => item.path)).toEqual([`${dir}/zeta/`, `${dir}/a.txt`, `${dir}/b.bin`]);
    expect(listing.items[0]).toMatchObject({ isDirectory: true, size: null });
    // The local driver lists without ETags (each sits in a sidecar file); get always has one.
    const etag = name === 's3' ? expect.stringMatching(/^[0-9a-f]{32}$/) : null;
    expect(listing.items[1]).toMatchObject({
      name: 'a.txt',
      isDirectory: false,
      size: 5,
      contentType: 'text/plain',
      etag,
    });
    expect(Date.parse(listing.items[2]?.modified ?? '')).not.toBeNaN();
  });

  it('answers 404 for a missing folder, 400 for listing a file, and 404 above the mounts where nothing leads', async () => {
    expectError(
      await fsCall(h, admin(h), 'GET', 'list', { query: { path: `${root}/nothing-here` } }),
      404,
      ErrorCode.NotFound,
    );
    expect((await writeText(h, admin(h), `${root}/plain.txt`, 'x')).status).toBe(200);
    expectError(
      await fsCall(h, admin(h), 'GET', 'list', { query: { path: `${root}/plain.txt` } }),
      400,
      ErrorCode.BadRequest,
    );
    expectError(
      await fsCall(h, admin(h), 'GET', 'list', { query: { path: '/no-such-mount' } }),
      404,
      ErrorCode.NotFound,
    );
  });

  it('uploads a form streamed into storage, then get, download (with Range) and file-link serve it', async () => {
    const bytes = randomBytesOf(300_000, 3);
    const uploaded = expectOk(await formUpload(h, admin(h), root, 'photo.png', bytes, 'image/png'), fsEntrySchema, 201);
    expect(uploaded).toMatchObject({ path: `${root}/photo.png`, size: bytes.length, contentType: 'image/png' });

    const detail = expectOk(
      await fsCall(h, admin(h), 'GET', 'get', { query: { path: `${root}/photo.png` } }),
      fsEntryDetailSchema,
    );
    expect(detail).toMatchObject({ isDirectory: false, size: bytes.length, contentType: 'image/png', canWrite: true });
    for (const url of [detail.preview_url, detail.download_url]) {
      const got = await fetchBytes(url ?? '');
      expect(got.status).toBe(200);
      expect(sha256(got.bytes)).toBe(sha256(bytes));
    }

    const whole = await fetchBytes(
      testApi(h.server.baseUrl).url(adminFsEndpoints.download, { query: { path: `${root}/photo.png` } }),
      { headers: { authorization: `Bearer ${h.token}` } },
    );
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment; filename="photo.png"/);
    expect(sha256(whole.bytes)).toBe(sha256(bytes));
    const ranged = await fetchBytes(
      testApi(h.server.baseUrl).url(adminFsEndpoints.download, { query: { path: `${root}/photo.png` } }),
      { headers: { authorization: `Bearer ${h.token}`, range: 'bytes=100-199' } },
    );
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.compare(ranged.bytes, bytes.subarray(100, 200))).toBe(0);
    const head = await fetchBytes(
      testApi(h.server.baseUrl).url(adminFsEndpoints.download, { query: { path: `${root}/photo.png` } }),
      { method: 'HEAD', headers: { authorization: `Bearer ${h.token}` } },
    );
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(head.bytes.length).toBe(0);
    const beyond = await fetchBytes(
      testApi(h.server.baseUrl).url(adminFsEndpoints.download, { query: { path: `${root}/photo.png` } }),
      { headers: { authorization: `Bearer ${h.token}`, range: `bytes=${bytes.length}-` } },
    );
    expect(beyond.status).toBe(416);

    const link = expectOk(
      await fsCall(h, admin(h), 'GET', 'file-link', {
        query: { path: `${root}/photo.png`, expires_in: 120, force_download: true },
      }),
      fsFileLinkSchema,
    );
    expect(link).toMatchObject({
      name: 'photo.png',
      expiresIn: 120,
      forceDownload: true,
      mount_id: h.mountId,
      storage_type: name,
    });
    const linked = await fetchBytes(link.presignedUrl);
    expect(linked.status).toBe(200);
    expect(linked.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(sha256(linked.bytes)).toBe(sha256(bytes));
    expectError(
      await fsCall(h, admin(h), 'GET', 'file-link', { query: { path: `${root}/missing.png` } }),
      404,
      ErrorCode.NotFound,
    );
  });

  it('never serves HTML, SVG, XML or JavaScript as active content', async () => {
    for (const [file, type] of [
      ['page.html', 'text/html'],
      ['image.svg', 'image/svg+xml'],
      ['app.js', 'text/javascript'],
      ['feed.xml', 'application/xml'],
    ] as const) {
      expectOk(await formUpload(h, admin(h), root, file, '<script>alert(1)</script>', type), fsEntrySchema, 201);
      const path = `${root}/${file}`;
      const got = await fetchBytes(testApi(h.server.baseUrl).url(adminFsEndpoints.download, { query: { path } }), {
        headers: { authorization: `Bearer ${h.token}` },
      });
      expect(got.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(got.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('content-security-policy')).toBe('sandbox');
      const detail = expectOk(await fsCall(h, admin(h), 'GET', 'get', { query: { path } }), fsEntryDetailSchema);
      const preview = await fetchBytes(detail.preview_url ?? '');
      expect(preview.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(preview.headers.get('content-disposition')).toMatch(/^attachment/);
    }
  });

  it('presign → PUT → commit: the server keeps the key, checks the object and indexes it', async () => {
    const bytes = randomBytesOf(50_000, 5);
    const signed = expectOk(
      await fsCall(h, admin(h), 'POST', 'presign', {
        json: { path: root, fileName: 'signed report.pdf', fileSize: bytes.length },
      }),
      fsPresignResultSchema,
      201,
    );
    expect(signed).toMatchObject({
      path: `${root}/signed report.pdf`,
      contentType: 'application/pdf',
      fileSize: bytes.length,
      mount_id: h.mountId,
    });
    expectError(
      await fsCall(h, admin(h), 'POST', 'presign/commit', { json: { uploadId: signed.uploadId } }),
      400,
      ErrorCode.BadRequest,
    );
    const put = await putTo(signed.uploadUrl, bytes, signed.contentType);
    expect(put.status, put.text).toBe(200);
    expectError(
      await fsCall(h, admin(h), 'POST', 'presign/commit', {
        json: { uploadId: signed.uploadId, etag: 'not-the-etag' },
      }),
      400,
      ErrorCode.ValidationFailed,
    );
    const other = await key(h);
    expectError(
      await fsCall(h, other, 'POST', 'presign/commit', { json: { uploadId: signed.uploadId } }),
      404,
      ErrorCode.NotFound,
    );
    const committed = expectOk(
      await fsCall(h, admin(h), 'POST', 'presign/commit', { json: { uploadId: signed.uploadId, etag: put.etag } }),
      fsEntrySchema,
    );
    expect(committed).toMatchObject({ path: `${root}/signed report.pdf`, size: bytes.length });
    expectError(
      await fsCall(h, admin(h), 'POST', 'presign/commit', { json: { uploadId: signed.uploadId } }),
      404,
      ErrorCode.NotFound,
    );
    expect(await search('signed rep')).toEqual([`${root}/signed report.pdf`]);
    // The commit body has no key, path or config: extra fields are ignored, the stored key is used.
    const second = expectOk(
      await fsCall(h, admin(h), 'POST', 'presign', { json: { path: root, fileName: 'two.txt', fileSize: 3 } }),
      fsPresignResultSchema,
      201,
    );
    expect((await putTo(second.uploadUrl, 'abc', second.contentType)).status).toBe(200);
    const forged = {
      uploadId: second.uploadId,
      s3Path: 'elsewhere/evil.txt',
      targetPath: '/elsewhere/evil.txt',
      s3ConfigId: 'x',
      mountId: 'y',
    };
    // Fields the commit does not take are refused, naming them; the key stays the server's.
    const refused = expectError(
      await fsCall(h, admin(h), 'POST', 'presign/commit', { json: forged }),
      400,
      ErrorCode.ValidationFailed,
    );
    expect(refused.message).toContain('s3Path');
    expect(
      expectOk(
        await fsCall(h, admin(h), 'POST', 'presign/commit', { json: { uploadId: second.uploadId } }),
        fsEntrySchema,
      ).path,
    ).toBe(`${root}/two.txt`);
  });

  it('multipart: parts PUT to presigned URLs or sent through the server, then complete; abort frees the upload', async () => {
    const bytes = randomBytesOf(6 * MiB + 123, 9);
    const init = expectOk(
      await fsCall(h, admin(h), 'POST', 'multipart/init', {
        json: { path: root, fileName: 'big.bin', fileSize: bytes.length },
      }),
      fsMultipartInitResultSchema,
      201,
    );
    expect(init).toMatchObject({ partSize: 5 * MiB, partCount: 2, path: `${root}/big.bin` });
    const first = init.presignedUrls[0];
    const put = await putTo(first?.url ?? '', bytes.subarray(0, 5 * MiB));
    expect(put.status, put.text).toBe(200);
    const rest = bytes.subarray(5 * MiB);
    const short = await fsCall(h, admin(h), 'POST', 'multipart/part', {
      query: { uploadId: init.uploadId, partNumber: 2 },
      body: 'too short',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expectError(short, 400, ErrorCode.BadRequest);
    const response = await testApi(h.server.baseUrl, asAdmin(h.token)).send(adminFsEndpoints.multipartPart, {
      query: { uploadId: init.uploadId, partNumber: 2, isLastPart: true },
      body: new Uint8Array(rest),
    });
    const part = fsMultipartPartResultSchema.parse(z.object({ data: z.unknown() }).parse(response.body).data);
    expect(response.status).toBe(200);
    const urls = expectOk(
      await fsCall(h, admin(h), 'POST', 'multipart/urls', { json: { uploadId: init.uploadId, partNumbers: [2] } }),
      z.object({ presignedUrls: z.array(z.object({ partNumber: z.number() })) }),
    );
    expect(urls.presignedUrls.map((p) => p.partNumber)).toEqual([2]);
    const done = expectOk(
      await fsCall(h, admin(h), 'POST', 'multipart/complete', {
        json: { uploadId: init.uploadId, parts: [{ partNumber: 1, etag: put.etag }, part] },
      }),
      fsEntrySchema,
    );
    expect(done).toMatchObject({ path: `${root}/big.bin`, size: bytes.length });
    const got = await fetchBytes(
      testApi(h.server.baseUrl).url(adminFsEndpoints.download, { query: { path: `${root}/big.bin` } }),
      { headers: { authorization: `Bearer ${h.token}` } },
    );
    expect(sha256(got.bytes)).toBe(sha256(bytes));

    const dropped = expectOk(
      await fsCall(h, admin(h), 'POST', 'multipart/init', {
        json: { path: root, fileName: 'dropped.bin', fileSize: 6 * MiB },
      }),
      fsMultipartInitResultSchema,
      201,
    );
    expect(
      expectOk(
        await fsCall(h, admin(h), 'POST', 'multipart/abort', { json: { uploadId: dropped.uploadId } }),
        z.object({ status: z.literal('aborted') }),
      ).status,
    ).toBe('aborted');
    expectError(
      await fsCall(h, admin(h), 'POST', 'multipart/complete', {
        json: { uploadId: dropped.uploadId, parts: [{ partNumber: 1, etag: 'e' }] },
      }),
      404,
      ErrorCode.NotFound,
    );
    expect(await h.server.db.selectFrom('fs_uploads').select('id').execute()).toEqual([]);
  });

  it('takes a name with % literally; paths carry a literal % as %25, both ways', async () => {
    const signed = expectOk(
      await fsCall(h, admin(h), 'POST', 'presign', { json: { path: root, fileName: '50%25 off%.txt', fileSize: 2 } }),
      fsPresignResultSchema,
      201,
    );
    expect(signed.path).toBe(`${root}/50%2525 off%25.txt`);
    expect((await putTo(signed.uploadUrl, 'ok', signed.contentType)).status).toBe(200);
    expectOk(
      await fsCall(h, admin(h), 'POST', 'presign/commit', { json: { uploadId: signed.uploadId } }),
      fsEntrySchema,
    );
    const detail = expectOk(
      await fsCall(h, admin(h), 'GET', 'get', { query: { path: signed.path } }),
      fsEntryDetailSchema,
    );
    expect(detail).toMatchObject({ name: '50%25 off%.txt', path: signed.path, size: 2 });
    const listed = (await list(h, admin(h), root)).items.find((item) => item.name === '50%25 off%.txt');
    expect(listed?.path).toBe(signed.path);
  });

  it('refuses uploads into a missing folder or onto a folder, with 409', async () => {
    expectError(
      await fsCall(h, admin(h), 'POST', 'presign', {
        json: { path: `${root}/missing`, fileName: 'a.txt', fileSize: 1 },
      }),
      409,
      ErrorCode.Conflict,
    );
    await mkdir(h, admin(h), `${root}/taken`);
    expectError(
      await fsCall(h, admin(h), 'POST', 'multipart/init', { json: { path: root, fileName: 'taken', fileSize: 1 } }),
      409,
      ErrorCode.Conflict,
    );
    expectError(await formUpload(h, admin(h), `${root}/missing`, 'a.txt', 'x'), 409, ErrorCode.Conflict);
    expectError(
      await fsCall(h, admin(h), 'POST', 'presign', { json: { path: root, fileName: '../escape.txt', fileSize: 1 } }),
      400,
      ErrorCode.ValidationFailed,
    );
  });
});
