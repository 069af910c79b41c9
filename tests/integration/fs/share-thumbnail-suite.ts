// Thumbnails the transfer worker makes of uploads outside the explorer, over real HTTP on one
// driver and one database: a share from the upload page, a URL upload (made from the bytes as they
// stream past) and a file request's upload, each stored beside its object in the storage's hidden
// prefix and recorded as made, so a mount showing that storage serves them at once. The server
// takes them only for the caller's own upload committed a moment ago, and only real small WebP or
// AVIF images; a corrupt image never fails the upload.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BodyOf } from '@shared/http/endpoint';
import { requestUploadThumbnail } from '@shared/api/share-thumbnail.endpoints';
import { adminThumbnail, type ThumbnailSize } from '@shared/api/fs-thumbnail.endpoints';
import { commitUpload, presignUpload } from '@shared/api/upload.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { presignResponseSchema } from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import type { TransferWorkerApi } from '@workers/protocol';
import { createWorkerEndpoint } from '@workers/worker-endpoint';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { putTo, type DriverName } from '@tests/integration/storage/storage-harness';
import type { TestServerOptions } from '@tests/integration/support/test-server';
import { newRequest, tokenOf } from '@tests/integration/file-requests/file-request-harness';
import { admin, credentialsOf, key, startFsHarness, type FsHarness, type Who } from './fs-harness';
import { nodeThumbnails } from './node-image-tools';
import { plainPng, rotatedJpeg } from './thumbnail-suite';

const webp = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .webp()
    .toBuffer();
const avif = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#aa6633' } })
    .avif()
    .toBuffer();

/** Serves one image with CORS, as a remote site would for a URL upload. */
async function imageSite(bytes: Buffer): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'image/jpeg',
      'content-length': String(bytes.length),
      'access-control-allow-origin': '*',
    });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return { origin: `http://127.0.0.2:${(server.address() as AddressInfo).port}`, server };
}

export function shareThumbnailSuite(name: DriverName, options: () => Promise<TestServerOptions> = async () => ({})) {
  let h: FsHarness;
  let worker: TransferWorkerApi;
  let site: { origin: string; server: Server };
  beforeAll(async () => {
    const given = await options();
    h = await startFsHarness(name, { ...given, env: { ...given.env, URL_FETCH_ALLOW: '127.0.0.2' } });
    worker = createWorkerEndpoint({ fetch: globalThis.fetch, thumbnails: nodeThumbnails });
    worker.configure({ baseUrl: `${h.server.baseUrl}/api`, credentials: { scheme: 'admin', token: h.token } });
    site = await imageSite(await rotatedJpeg());
  });
  afterAll(async () => {
    await h.close();
    await new Promise((resolve) => site.server.close(resolve));
  });

  const auth = (who: Who) => ('token' in who ? { token: who.token } : { apiKey: who.apiKey });
  const rowOf = (key: string) =>
    h.server.db
      .selectFrom('thumbnails')
      .selectAll()
      .where('storage_config_id', '=', h.configId)
      .where('object_key', '=', key)
      .executeTakeFirst();
  /** The row once the worker's thumbnail line has sent them (they follow the upload's answer). */
  const doneRow = async (key: string) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const row = await rowOf(key);
      if (row?.status === 'done' || Date.now() > deadline) return row;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** The thumbnail as a mount showing the storage serves it (through the server). */
  const served = async (key: string, size: ThumbnailSize = 'tile') => {
    const answer = await testApi(h.server.baseUrl, asAdmin(h.token)).send(adminThumbnail, {
      query: { path: `${h.mountPath}/${key}`, size, via: 'server' },
    });
    return { status: answer.status, type: answer.headers.get('content-type'), bytes: answer.bytes };
  };
  /** Any body, the ones the contract refuses (not WebP, too big) included. */
  const send = (who: Who, json: unknown) => call(h.server.baseUrl, 'POST', '/api/s3/thumbnail', { ...auth(who), json }); // raw: bodies the contract refuses
  /** presign → PUT → commit by `who`; `commit: false` leaves it pending. */
  const upload = async (who: Who, filename: string, bytes: Buffer, commit = true) => {
    const signed = expectOk(
      await testApi(h.server.baseUrl, credentialsOf(who)).send(presignUpload, {
        body: { s3_config_id: h.configId, filename, size: bytes.length, mimetype: 'image/png' },
      }),
      presignResponseSchema,
      201,
    );
    const put = await putTo(signed.upload_url, bytes, signed.contentType);
    expect(put.status, put.text).toBe(200);
    if (commit) {
      const json = { file_id: signed.file_id, etag: put.etag, size: bytes.length };
      expect((await testApi(h.server.baseUrl, credentialsOf(who)).send(commitUpload, { body: json })).status).toBe(200);
    }
    return signed;
  };

  it('stores a share’s thumbnails beside its object, upright, served at once by a mount on that storage', async () => {
    const result = await worker.upload({
      id: `${name}-share`,
      file: new Blob([new Uint8Array(await rotatedJpeg())]),
      filename: 'phone.jpg',
      s3_config_id: h.configId,
    });
    if (!result.ok) throw new Error(result.message);
    const key = result.share.storage_path;
    expect(await doneRow(key)).toMatchObject({ status: 'done', attempts: 0 });
    expect(await (await h.driver()).head(`.clipdock-thumbs/${key}.large.webp`)).not.toBeNull();
    const tile = await served(key);
    expect(tile.status).toBe(200);
    expect(await sharp(tile.bytes).metadata()).toMatchObject({ format: 'webp', width: 128, height: 256 });
    expect(await sharp((await served(key, 'large')).bytes).metadata()).toMatchObject({ width: 300, height: 600 });
  });

  it('uploads a corrupt image all the same, with no thumbnails', async () => {
    const bytes = Buffer.from('not an image at all'.repeat(40));
    const result = await worker.upload({
      id: `${name}-corrupt`,
      file: new Blob([bytes]),
      filename: 'broken.jpg',
      s3_config_id: h.configId,
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.share.size).toBe(bytes.length);
    // The line runs in order: once a later image has its thumbnails, the corrupt one was tried.
    const later = await worker.upload({
      id: `${name}-after-corrupt`,
      file: new Blob([new Uint8Array(await plainPng())]),
      filename: 'after.png',
      s3_config_id: h.configId,
    });
    if (!later.ok) throw new Error(later.message);
    expect(await doneRow(later.share.storage_path)).toMatchObject({ status: 'done' });
    expect(await rowOf(result.share.storage_path)).toBeUndefined();
  });

  it('makes a URL upload’s thumbnails from the bytes it streams', async () => {
    const size = (await rotatedJpeg()).length;
    const result = await worker.uploadFromUrl({
      id: `${name}-url`,
      url: `${site.origin}/photo.jpg`,
      filename: 'from-url.jpg',
      mimetype: 'image/jpeg',
      size,
      s3_config_id: h.configId,
    });
    if (!result.ok) throw new Error(result.message);
    expect(await doneRow(result.share.storage_path)).toMatchObject({ status: 'done' });
    expect(await sharp((await served(result.share.storage_path)).bytes).metadata()).toMatchObject({
      width: 128,
      height: 256,
    });
  });

  it('makes a file request upload’s thumbnails with the uploader’s token, and refuses another token', async () => {
    const { request } = await newRequest(h);
    const token = await tokenOf(h, request.slug);
    const result = await worker.uploadToRequest({
      id: `${name}-req`,
      slug: request.slug,
      token,
      file: new Blob([new Uint8Array(await plainPng())]),
      filename: 'scan.png',
    });
    if (!result.ok) throw new Error(result.message);
    const stored = await h.server.db
      .selectFrom('file_request_uploads')
      .selectAll()
      .where('id', '=', result.receipt.fileId)
      .executeTakeFirstOrThrow();
    const key = stored.storage_key ?? '';
    expect(await doneRow(key)).toMatchObject({ status: 'done' });
    expect((await served(key)).status).toBe(200);
    const tile = (await webp(64, 48)).toString('base64');
    const pub = (body: BodyOf<typeof requestUploadThumbnail>) =>
      testApi(h.server.baseUrl).send(requestUploadThumbnail, { params: { slug: request.slug }, body });
    const other = await tokenOf(h, request.slug);
    expectError(
      await pub({ token: other, file_id: result.receipt.fileId, tile, large: tile }),
      404,
      ErrorCode.NotFound,
    );
    expectError(
      await pub({ token: 'forged.token', file_id: result.receipt.fileId, tile, large: tile }),
      401,
      ErrorCode.PasswordRequired,
    );
    expect((await pub({ token, file_id: result.receipt.fileId, tile, large: tile })).status).toBe(200);
  });

  it('stores the frame the page took of a video; a video without one is a 404, never queued', async () => {
    const frame = async (width: number, height: number) =>
      new Blob([new Uint8Array(await webp(width, height))], { type: 'image/webp' });
    const poster = { tile: await frame(256, 144), large: await frame(1024, 576) };
    const bytes = new Uint8Array(Buffer.from('a video’s bytes, as far as the server is concerned'));
    const withFrame = await worker.upload({
      id: `${name}-video`,
      file: new Blob([bytes], { type: 'video/webm' }),
      filename: 'clip.webm',
      s3_config_id: h.configId,
      poster,
    });
    if (!withFrame.ok) throw new Error(withFrame.message);
    expect(await doneRow(withFrame.share.storage_path)).toMatchObject({ status: 'done' });
    const tile = await served(withFrame.share.storage_path);
    expect(tile.status).toBe(200);
    expect(await sharp(tile.bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 144 });
    const without = await worker.upload({
      id: `${name}-video-2`,
      file: new Blob([bytes], { type: 'video/mp4' }),
      filename: 'other.mp4',
      s3_config_id: h.configId,
    });
    if (!without.ok) throw new Error(without.message);
    expect((await served(without.share.storage_path)).status).toBe(404);
    expect(await rowOf(without.share.storage_path)).toBeUndefined();
  });

  it('takes thumbnails only for the caller’s own share, committed a moment ago, and only real small WebP or AVIF', async () => {
    const tile = (await webp(64, 48)).toString('base64');
    const large = (await webp(640, 480)).toString('base64');
    const mine = await upload(admin(h), 'mine.png', await plainPng());
    // Another caller (an API key with file permission) may not write thumbnails for the admin's share.
    const other = await key(h, { file_permission: 1 });
    expectError(await send(other, { file_id: mine.file_id, tile, large }), 404, ErrorCode.NotFound);
    // Nor the admin for the key's own share.
    const theirs = await upload(other, 'theirs.png', await plainPng());
    expectError(await send(admin(h), { file_id: theirs.file_id, tile, large }), 404, ErrorCode.NotFound);
    expect((await send(other, { file_id: theirs.file_id, tile, large })).status).toBe(200);
    // Not yet committed, or committed long ago: none.
    const pending = await upload(admin(h), 'pending.png', await plainPng(), false);
    expectError(await send(admin(h), { file_id: pending.file_id, tile, large }), 404, ErrorCode.NotFound);
    const old = await upload(admin(h), 'old.png', await plainPng());
    await h.server.db
      .updateTable('files')
      .set({ updated_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', old.file_id)
      .execute();
    expectError(await send(admin(h), { file_id: old.file_id, tile, large }), 404, ErrorCode.NotFound);
    expectError(await send(admin(h), { file_id: 'no-such-file', tile, large }), 404, ErrorCode.NotFound);
    // Not an image the server reads as WebP or AVIF within its size: 400.
    const png = (await plainPng()).toString('base64');
    expectError(await send(admin(h), { file_id: mine.file_id, tile: png, large }), 400, ErrorCode.BadRequest);
    const tooBig = (await webp(300, 200)).toString('base64');
    expectError(await send(admin(h), { file_id: mine.file_id, tile: tooBig, large }), 400, ErrorCode.BadRequest);
    expectError(
      await send(admin(h), { file_id: mine.file_id, tile: 'bm90IGFuIGltYWdl', large }),
      400,
      ErrorCode.BadRequest,
    );
    expectError(await send(admin(h), { file_id: mine.file_id, tile: '###', large }), 400, ErrorCode.ValidationFailed);
    const notes = await upload(admin(h), 'notes.txt', Buffer.from('plain text'));
    expectError(await send(admin(h), { file_id: notes.file_id, tile, large }), 400, ErrorCode.BadRequest);
    // AVIF is taken and served as AVIF.
    const avifTile = await avif(48, 64);
    expect((await send(admin(h), { file_id: mine.file_id, tile: avifTile.toString('base64'), large })).status).toBe(
      200,
    );
    const shown = await served(mine.storage_path);
    expect(shown.type).toBe('image/avif');
    expect(shown.bytes.equals(avifTile)).toBe(true);
    expect(await rowOf(mine.storage_path)).toMatchObject({ status: 'done' });
  });
}
