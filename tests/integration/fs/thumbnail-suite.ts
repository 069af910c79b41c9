// The server's thumbnails over real HTTP, on one driver and one database: made in the background
// (202, then 200), following rename, copy and delete, hidden from listings, search and WebDAV,
// within a key's base path, never made of a corrupt image or one above the admin's limit, queued
// by a mount refresh, and taken again after a claim whose instance died.
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getDashboardStats } from '@shared/api/dashboard.endpoints';
import { getSystemSettings } from '@shared/api/settings.endpoints';
import { testApi } from '@tests/integration/support/api';
import { fsSearchResultSchema } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { adminBasic, dav, hrefsOf, propfindBody } from '@tests/integration/webdav/dav-harness';
import type { DriverName } from '@tests/integration/storage/storage-harness';
import type { TestServerOptions } from '@tests/integration/support/test-server';
import { z } from 'zod';
import {
  admin,
  formUpload,
  fsCall,
  key,
  list,
  mkdir,
  namesOf,
  putDirect,
  startFsHarness,
  type FsHarness,
  type Who,
} from './fs-harness';

/** A JPEG 600×300 as stored, with EXIF orientation 6: shown upright, it is 300 wide and 600 high. */
export function rotatedJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 300, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function plainPng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

type Fetched = { status: number; headers: Headers; bytes: Buffer };

export function thumbnailSuite(name: DriverName, options: () => Promise<TestServerOptions> = async () => ({})) {
  let h: FsHarness;
  let root: string;
  const keyOf = (path: string) => path.slice(h.mountPath.length + 1);
  beforeAll(async () => {
    h = await startFsHarness(name, await options());
    root = `${h.mountPath}/thumbs`;
    await mkdir(h, admin(h), root);
  });
  afterAll(() => h.close());

  const fetchThumb = async (
    path: string,
    size = 'tile',
    who: Who = admin(h),
    extra: Record<string, string> = {},
    redirect: RequestRedirect = 'follow',
  ): Promise<Fetched> => {
    const scope = 'token' in who ? 'admin' : 'user';
    const authorization = 'token' in who ? `Bearer ${who.token}` : `ApiKey ${who.apiKey}`;
    const query = new URLSearchParams({ path, size, ...extra });
    // raw: any query (the contract's and others) and the redirect left unfollowed
    const response = await fetch(`${h.server.baseUrl}/api/${scope}/fs/thumbnail?${query}`, {
      headers: { authorization },
      redirect,
    });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  /** Asks until the answer is no longer 202 (the queue runs in the background). */
  const settled = async (path: string, size = 'tile', who: Who = admin(h)): Promise<Fetched> => {
    const deadline = Date.now() + 25_000;
    for (;;) {
      const answer = await fetchThumb(path, size, who);
      if (answer.status !== 202 || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const upload = async (folder: string, file: string, bytes: Buffer | string, type = 'image/jpeg') =>
    expect((await formUpload(h, admin(h), folder, file, bytes, type)).status).toBe(201);
  const storedThumb = async (path: string, size: 'tile' | 'large') =>
    (await h.driver()).head(`.clipdock-thumbs/${keyOf(path)}.${size}.webp`);

  it('makes both sizes in the background: 202 while queued, then WebP upright within 256 and 1024 px', async () => {
    await upload(root, 'photo.jpg', await rotatedJpeg());
    const first = await fetchThumb(`${root}/photo.jpg`);
    expect(first.status).toBe(202);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(JSON.parse(first.bytes.toString()).data.status).toMatch(/queued|working/);
    expect((await settled(`${root}/photo.jpg`)).status).toBe(200);
    // Through the server (as the local driver always answers; S3 storages redirect, tested below).
    const tile = await fetchThumb(`${root}/photo.jpg`, 'tile', admin(h), { via: 'server' });
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toBe('image/webp');
    expect(tile.headers.get('x-content-type-options')).toBe('nosniff');
    expect(tile.headers.get('content-security-policy')).toContain('sandbox');
    const tileMeta = await sharp(tile.bytes).metadata();
    expect(tileMeta).toMatchObject({ format: 'webp', width: 128, height: 256 });
    const large = await fetchThumb(`${root}/photo.jpg`, 'large');
    expect(large.status).toBe(200);
    expect(await sharp(large.bytes).metadata()).toMatchObject({ format: 'webp', width: 300, height: 600 });
  });

  it(`answers ${name === 's3' ? 'a redirect to a signed storage link, the same one for a while,' : 'the bytes itself'} and streams them with via=server`, async () => {
    await upload(root, 'linked.png', await plainPng(), 'image/png');
    const path = `${root}/linked.png`;
    expect((await settled(path)).status).toBe(200);
    const first = await fetchThumb(path, 'tile', admin(h), {}, 'manual');
    const streamed = await fetchThumb(path, 'tile', admin(h), { via: 'server' }, 'manual');
    expect(streamed.status).toBe(200);
    expect(await sharp(streamed.bytes).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expectError(
      // raw: a via= value the contract refuses
      await call(h.server.baseUrl, 'GET', `/api/admin/fs/thumbnail?${new URLSearchParams({ path, via: 'proxy' })}`, {
        token: h.token,
      }),
      400,
      ErrorCode.ValidationFailed,
    );
    if (name !== 's3') {
      expect(first.status).toBe(200);
      expect(first.bytes.equals(streamed.bytes)).toBe(true);
      return;
    }
    expect(first.status).toBe(302);
    expect(first.headers.get('cache-control')).toMatch(/private, max-age=\d+/);
    const location = first.headers.get('location') ?? '';
    expect(new URL(location).pathname).toContain('.clipdock-thumbs/');
    expect(location).not.toContain(h.server.baseUrl);
    expect((await fetchThumb(path, 'tile', admin(h), {}, 'manual')).headers.get('location')).toBe(location);
    const fromStorage = await fetch(location);
    expect(fromStorage.status).toBe(200);
    expect(fromStorage.headers.get('content-type')).toBe('image/webp');
    expect(fromStorage.headers.get('cache-control')).toMatch(/max-age=3600/);
    expect(Buffer.from(await fromStorage.arrayBuffer()).equals(streamed.bytes)).toBe(true);
    const large = await fetchThumb(path, 'large', admin(h), {}, 'manual');
    expect(large.headers.get('location')).toContain('.large.webp');
  });

  it('answers 404 for a file that is not an image, a folder, a missing file, and 400 for a bad size', async () => {
    expect((await formUpload(h, admin(h), root, 'notes.txt', 'text', 'text/plain')).status).toBe(201);
    expect((await fetchThumb(`${root}/notes.txt`)).status).toBe(404);
    expect((await fetchThumb(root)).status).toBe(404);
    expect((await fetchThumb(`${root}/missing.jpg`)).status).toBe(404);
    expect((await fetchThumb(`${root}/photo.jpg`, 'huge')).status).toBe(400);
  });

  it('hides the thumbnails from listings, search, WebDAV and every explorer path', async () => {
    expect(await storedThumb(`${root}/photo.jpg`, 'tile')).not.toBeNull();
    expect(namesOf((await list(h, admin(h), h.mountPath)).items)).not.toContain('.clipdock-thumbs');
    expectError(
      await fsCall(h, admin(h), 'GET', 'list', { query: { path: `${h.mountPath}/.clipdock-thumbs` } }),
      404,
      ErrorCode.NotFound,
    );
    expectError(
      await fsCall(h, admin(h), 'GET', 'get', {
        query: { path: `${h.mountPath}/.clipdock-thumbs/thumbs/photo.jpg.tile.webp` },
      }),
      404,
      ErrorCode.NotFound,
    );
    expectError(
      await fsCall(h, admin(h), 'POST', 'mkdir', { json: { path: `${h.mountPath}/.clipdock-thumbs/x` } }),
      404,
      ErrorCode.NotFound,
    );
    expect((await fsCall(h, admin(h), 'POST', 'refresh', { json: { mount_id: h.mountId } })).status).toBe(200);
    const hits = expectOk(await fsCall(h, admin(h), 'GET', 'search', { query: { q: 'webp' } }), fsSearchResultSchema);
    expect(hits.results).toEqual([]);
    const propfind = await dav(h.server.baseUrl, 'PROPFIND', `/dav${h.mountPath}/`, adminBasic, {
      headers: { depth: '1' },
      body: propfindBody,
    });
    expect(propfind.status).toBe(207);
    expect(hrefsOf(propfind.text).some((href) => href.includes('clipdock-thumbs'))).toBe(false);
    expect(
      (await dav(h.server.baseUrl, 'GET', `/dav${h.mountPath}/.clipdock-thumbs/thumbs/photo.jpg.tile.webp`, adminBasic))
        .status,
    ).toBe(404);
  });

  it('follows a rename, a copy and a folder rename without making them again, and goes with a delete', async () => {
    const renamed = expectOk(
      await fsCall(h, admin(h), 'POST', 'rename', {
        json: { oldPath: `${root}/photo.jpg`, newPath: `${root}/renamed.jpg` },
      }),
      z.unknown(),
    );
    expect(renamed).toBeTruthy();
    expect((await fetchThumb(`${root}/renamed.jpg`)).status).toBe(200);
    expect(await storedThumb(`${root}/photo.jpg`, 'tile')).toBeNull();
    expectOk(
      await fsCall(h, admin(h), 'POST', 'batch-copy', {
        json: { items: [{ sourcePath: `${root}/renamed.jpg`, targetPath: `${root}/copy.jpg` }] },
      }),
      z.unknown(),
    );
    expect((await fetchThumb(`${root}/copy.jpg`)).status).toBe(200);
    expect((await fetchThumb(`${root}/renamed.jpg`)).status).toBe(200);

    await mkdir(h, admin(h), `${root}/album`);
    await upload(`${root}/album`, 'in-album.png', await plainPng(), 'image/png');
    expect((await settled(`${root}/album/in-album.png`)).status).toBe(200);
    expectOk(
      await fsCall(h, admin(h), 'POST', 'rename', { json: { oldPath: `${root}/album`, newPath: `${root}/album2` } }),
      z.unknown(),
    );
    expect((await fetchThumb(`${root}/album2/in-album.png`)).status).toBe(200);
    expect(await storedThumb(`${root}/album/in-album.png`, 'tile')).toBeNull();
    expectOk(
      await fsCall(h, admin(h), 'POST', 'batch-copy', {
        json: { items: [{ sourcePath: `${root}/album2`, targetPath: `${root}/album3` }] },
      }),
      z.unknown(),
    );
    expect((await fetchThumb(`${root}/album3/in-album.png`)).status).toBe(200);

    expect((await fsCall(h, admin(h), 'DELETE', 'remove', { query: { path: `${root}/copy.jpg` } })).status).toBe(200);
    expect(await storedThumb(`${root}/copy.jpg`, 'tile')).toBeNull();
    expect(await storedThumb(`${root}/copy.jpg`, 'large')).toBeNull();
    expect((await fsCall(h, admin(h), 'DELETE', 'remove', { query: { path: `${root}/album3` } })).status).toBe(200);
    expect(await storedThumb(`${root}/album3/in-album.png`, 'tile')).toBeNull();
    const rows = await h.server.db.selectFrom('thumbnails').select('object_key').execute();
    expect(rows.map((row) => row.object_key).filter((k) => k.includes('copy.jpg') || k.includes('album3'))).toEqual([]);
    expect(await storedThumb(`${root}/album2/in-album.png`, 'tile')).not.toBeNull();
  });

  it('keeps a key to its base path', async () => {
    const inside = await key(h, { basic_path: `${root}/album2` });
    expect((await fetchThumb(`${root}/album2/in-album.png`, 'tile', inside)).status).toBe(200);
    const outside = await fetchThumb(`${root}/renamed.jpg`, 'tile', inside);
    expect(outside.status).toBe(403);
    const noMount = await key(h, { mount_permission: 0 });
    expect((await fetchThumb(`${root}/renamed.jpg`, 'tile', noMount)).status).toBe(403);
  });

  it('marks a corrupt image as failed (404) and goes on with the queue', async () => {
    await upload(root, 'corrupt.jpg', Buffer.from('this is not a jpeg at all'.repeat(40)));
    await upload(root, 'after.png', await plainPng(), 'image/png');
    expect((await fetchThumb(`${root}/corrupt.jpg`)).status).toBe(202);
    expect((await fetchThumb(`${root}/after.png`)).status).toBe(202);
    expect((await settled(`${root}/corrupt.jpg`)).status).toBe(404);
    expect((await settled(`${root}/after.png`)).status).toBe(200);
    const row = await h.server.db
      .selectFrom('thumbnails')
      .selectAll()
      .where('object_key', '=', keyOf(`${root}/corrupt.jpg`))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });

  it('skips a file above the admin’s limit, and makes it again once the file changes', async () => {
    const settings = (json: object) =>
      fetch(testApi(h.server.baseUrl).url(getSystemSettings, {}), {
        method: 'PUT',
        headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
    expect((await settings({ thumbnail_max_source_mb: 1 })).status).toBe(200);
    const noisy = await sharp({
      create: {
        width: 900,
        height: 900,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian' as const, mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    await upload(root, 'big.png', noisy, 'image/png');
    expect((await settled(`${root}/big.png`)).status).toBe(404);
    expect((await settings({ thumbnail_max_source_mb: 50 })).status).toBe(200);
    // Replaced by a small image under the same name: a new version, so a thumbnail is made.
    await upload(root, 'big.png', await plainPng(), 'image/png');
    expect((await settled(`${root}/big.png`)).status).toBe(200);
  });

  it('queues the images a mount refresh finds without thumbnails, and makes them unasked', async () => {
    await putDirect(h, keyOf(`${root}/from-tool.png`), await plainPng(30, 30), 'image/png');
    expect((await fsCall(h, admin(h), 'POST', 'refresh', { json: { mount_id: h.mountId } })).status).toBe(200);
    const deadline = Date.now() + 25_000;
    let status: string | undefined;
    while (Date.now() < deadline) {
      status = (
        await h.server.db
          .selectFrom('thumbnails')
          .select('status')
          .where('object_key', '=', keyOf(`${root}/from-tool.png`))
          .executeTakeFirst()
      )?.status;
      if (status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('done');
    expect((await fetchThumb(`${root}/from-tool.png`)).status).toBe(200);
  });

  it('takes again a job whose claim ran out (its instance died mid-job)', async () => {
    await putDirect(h, keyOf(`${root}/orphan.png`), await plainPng(20, 20), 'image/png');
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    await h.server.db
      .insertInto('thumbnails')
      .values({
        storage_config_id: h.configId,
        object_key: keyOf(`${root}/orphan.png`),
        status: 'working',
        source_etag: null,
        source_size: 0,
        attempts: 0,
        claimed_at: long,
        created_at: long,
        updated_at: long,
      })
      .execute();
    // Asking wakes the worker; the stale claim is taken again and finished.
    expect((await fetchThumb(`${root}/orphan.png`)).status).toBe(202);
    expect((await settled(`${root}/orphan.png`)).status).toBe(200);
  });

  it('stores the thumbnails a browser made, which the queue then leaves alone, and refuses anything else', async () => {
    await upload(root, 'sent.jpg', await rotatedJpeg());
    const webp = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#00ff00' } })
        .webp()
        .toBuffer();
    const tile = await webp(128, 256);
    const large = await webp(300, 600);
    const send = (json: object, who: Who = admin(h)) => fsCall(h, who, 'POST', 'thumbnail', { json });
    const path = `${root}/sent.jpg`;
    expectError(
      await send({ path, tile: (await plainPng()).toString('base64'), large: large.toString('base64') }),
      400,
      ErrorCode.BadRequest,
    );
    expectError(
      await send({ path, tile: (await webp(300, 300)).toString('base64'), large: large.toString('base64') }),
      400,
      ErrorCode.BadRequest,
    );
    expectError(await send({ path, tile: 'not base64!', large: 'x' }), 400, ErrorCode.ValidationFailed);
    expectError(
      await send({ path: `${root}/notes.txt`, tile: tile.toString('base64'), large: large.toString('base64') }),
      400,
      ErrorCode.BadRequest,
    );
    const readOnly = await key(h, { read_only: 1 });
    expect(
      (await send({ path, tile: tile.toString('base64'), large: large.toString('base64') }, readOnly)).status,
    ).toBe(403);
    const elsewhere = await key(h, { basic_path: `${root}/album2` });
    expect(
      (await send({ path, tile: tile.toString('base64'), large: large.toString('base64') }, elsewhere)).status,
    ).toBe(403);
    expect((await send({ path, tile: tile.toString('base64'), large: large.toString('base64') })).status).toBe(200);
    const served = await fetchThumb(path);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(tile)).toBe(true);
    expect((await fetchThumb(path, 'large')).bytes.equals(large)).toBe(true);
  });

  it('shows the queue length on the dashboard', async () => {
    const queueLength = async () => {
      const stats = await fetch(testApi(h.server.baseUrl).url(getDashboardStats, {}), {
        headers: { authorization: `Bearer ${h.token}` },
      });
      return z.object({ data: z.object({ thumbnailQueue: z.number() }) }).parse(await stats.json()).data.thumbnailQueue;
    };
    const before = await queueLength();
    // Two jobs the worker may not take for an hour (a retry's wait), so the count holds still.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const now = new Date().toISOString();
    await h.server.db
      .insertInto('thumbnails')
      .values(
        ['waiting-1.jpg', 'waiting-2.jpg'].map((name) => ({
          storage_config_id: h.configId,
          object_key: keyOf(`${root}/${name}`),
          status: 'queued' as const,
          source_etag: null,
          source_size: 0,
          attempts: 1,
          not_before: later,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    expect(await queueLength()).toBe(before + 2);
    await h.server.db.deleteFrom('thumbnails').where('not_before', '=', later).execute();
    expect(await queueLength()).toBe(before);
  });
}
