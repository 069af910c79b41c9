// The transfer worker's thumbnails at upload, run in Node against the real server on both drivers:
// the worker's own step (makeImageThumbnails) with image tools built on sharp in place of the
// browser's createImageBitmap and OffscreenCanvas. The thumbnails arrive with the file, so the
// server's queue never takes it; a corrupt image, or a failing thumbnail call, never fails the upload.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { adminThumbnail, type ThumbnailSize } from '@shared/api/fs-thumbnail.endpoints';
import type { FsUploadJob } from '@workers/fs-protocol';
import { makeImageThumbnails, type ThumbnailBlobs } from '@workers/image-thumbnails';
import type { TransferWorkerApi } from '@workers/protocol';
import { createWorkerEndpoint } from '@workers/worker-endpoint';
import { drivers } from '@tests/integration/storage/storage-harness';
import { admin, mkdir, startFsHarness, type FsHarness } from './fs-harness';
import { nodeTools } from './node-image-tools';
import { plainPng, rotatedJpeg } from './thumbnail-suite';

describe.each(drivers)('thumbnails made by the worker at upload on the %s driver', (name) => {
  let h: FsHarness;
  let root: string;
  const workerWith = (thumbnails: (file: Blob, fileName: string) => Promise<ThumbnailBlobs | null>) => {
    const worker = createWorkerEndpoint({ fetch: globalThis.fetch, thumbnails });
    worker.configure({ baseUrl: `${h.server.baseUrl}/api`, credentials: { scheme: 'admin', token: h.token } });
    return worker;
  };
  let worker: TransferWorkerApi;
  beforeAll(async () => {
    h = await startFsHarness(name);
    root = `${h.mountPath}/worker-thumbs`;
    await mkdir(h, admin(h), root);
    worker = workerWith((file, fileName) => makeImageThumbnails(file, fileName, nodeTools));
  });
  afterAll(() => h.close());

  const job = (fileName: string, bytes: Uint8Array): FsUploadJob => ({
    id: `${name}-${fileName}`,
    scope: 'admin',
    file: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
    folder: root,
    fileName,
  });
  const thumb = async (path: string, size: ThumbnailSize = 'tile') => {
    const answer = await testApi(h.server.baseUrl, asAdmin(h.token)).send(adminThumbnail, { query: { path, size } });
    return { status: answer.status, bytes: answer.bytes };
  };
  const row = (fileName: string) =>
    h.server.db
      .selectFrom('thumbnails')
      .selectAll()
      .where('object_key', '=', `${root.slice(h.mountPath.length + 1)}/${fileName}`)
      .executeTakeFirst();

  it('stores both sizes with the file, upright, so the first request is a 200 and the queue never runs', async () => {
    const result = await worker.uploadToMount(job('phone.jpg', await rotatedJpeg()));
    expect(result).toMatchObject({ ok: true });
    expect(await row('phone.jpg')).toMatchObject({ status: 'done', attempts: 0 });
    const tile = await thumb(`${root}/phone.jpg`);
    expect(tile.status).toBe(200);
    expect(await sharp(tile.bytes).metadata()).toMatchObject({ format: 'webp', width: 128, height: 256 });
    const large = await thumb(`${root}/phone.jpg`, 'large');
    expect(await sharp(large.bytes).metadata()).toMatchObject({ width: 300, height: 600 });
  });

  it('uploads a corrupt image all the same, leaving it to the queue (which marks it failed)', async () => {
    const bytes = new TextEncoder().encode('not an image, whatever its name says'.repeat(30));
    const result = await worker.uploadToMount(job('corrupt.jpg', bytes));
    expect(result).toMatchObject({ ok: true, entry: { name: 'corrupt.jpg', size: bytes.length } });
    expect(await row('corrupt.jpg')).toBeUndefined();
  });

  it('uploads the file when the thumbnail step itself throws or its call is refused', async () => {
    const throwing = workerWith(async () => {
      throw new Error('decoder crashed');
    });
    expect(await throwing.uploadToMount(job('thrown.png', await plainPng()))).toMatchObject({ ok: true });
    const bogus = workerWith(async () => ({
      tile: new Blob(['not webp'], { type: 'image/webp' }),
      large: new Blob(['not webp'], { type: 'image/webp' }),
    }));
    expect(await bogus.uploadToMount(job('refused.png', await plainPng()))).toMatchObject({ ok: true });
    expect(await row('refused.png')).toBeUndefined();
  });
});
