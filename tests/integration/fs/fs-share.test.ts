// "Share…" in the explorer (POST /admin/fs/share, /user/fs/share) on both drivers and both
// databases: the share serves the mount's own bytes with the share's password and view limit, its
// removal (or its last view) leaves the file in place, a file gone from the mount answers 410, a
// file renamed or moved inside its storage keeps its share, and keys need the file and mount
// permissions, write access and a path inside their base path.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminFsEndpoints } from '@shared/api/fs.endpoints';
import {
  adminFileEndpoints,
  downloadFile,
  getPublicFile,
  userFileEndpoints,
  verifyFilePassword,
} from '@shared/api/file.endpoints';
import { cardImage } from '@shared/api/share-card.endpoints';
import { cancelUpload } from '@shared/api/upload.endpoints';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { createRepositories } from '@server/db/repositories';
import { createUploadSweepTask, settledShareGraceMs } from '@server/modules/uploads/upload-sweep.service';
import { fsMoveResultSchema } from '@shared/api/fs-move.schema';
import { fsShareResultSchema } from '@shared/api/fs-share.schema';
import { fileListSchema, publicFileAnswerSchema, verifiedFileSchema } from '@shared/api/file-share.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { drivers, fetchBytes, randomBytesOf, sha256 } from '@tests/integration/storage/storage-harness';
import {
  admin,
  formUpload,
  fsCall,
  key,
  mkdir,
  okSchema,
  startFsHarness,
  writeText,
  type FsHarness,
  type Who,
} from './fs-harness';

const cases = drivers.flatMap((driver) => [
  { driver, database: 'sqlite' as const },
  { driver, database: 'postgres' as const },
]);

describe.each(cases)('sharing a mount file on $driver with $database', ({ driver, database }) => {
  let h: FsHarness;
  let m: string;
  beforeAll(async () => {
    const env = database === 'postgres' ? { DATABASE_URL: await createTestDatabase(`fs_share_${driver}`) } : undefined;
    h = await startFsHarness(driver, env === undefined ? {} : { env });
    m = h.mountPath;
    await mkdir(h, admin(h), `${m}/team`);
    await mkdir(h, admin(h), `${m}/other`);
  }, 60_000);
  afterAll(() => h.close());

  const share = (who: Who, json: unknown) => fsCall(h, who, 'POST', 'share', { json });
  const shared = async (who: Who, json: Record<string, unknown>) =>
    expectOk(await share(who, json), fsShareResultSchema, 201);
  const info = (slug: string) => testApi(h.server.baseUrl).send(getPublicFile, { params: { slug } });
  const objectAt = async (path: string) => (await h.driver()).head(path.slice(m.length + 1));
  const upload = async (path: string, bytes: Buffer) => {
    const slash = path.lastIndexOf('/');
    const result = await formUpload(h, admin(h), path.slice(0, slash), path.slice(slash + 1), bytes);
    expect(result.status, result.text).toBeLessThan(300);
  };

  it('answers like an upload commit and serves the mount’s bytes without copying them', async () => {
    const bytes = randomBytesOf(300_000, 31);
    await upload(`${m}/team/report.bin`, bytes);
    const before = (await (await h.driver()).list('', { limit: 1000 })).objects.length;
    const result = await shared(admin(h), { path: `${m}/team/report.bin`, remark: 'quarterly' });
    expect(result).toMatchObject({
      filename: 'report.bin',
      size: bytes.length,
      storage_path: 'team/report.bin',
      remark: 'quarterly',
      hasPassword: false,
      maxViews: null,
      url: `/file/${result.slug}`,
      source_path: `${m}/team/report.bin`,
    });
    // No object was written for it.
    expect((await (await h.driver()).list('', { limit: 1000 })).objects.length).toBe(before);

    const file = expectOk(await info(result.slug), verifiedFileSchema);
    expect(file).toMatchObject({ filename: 'report.bin', size: bytes.length, remark: 'quarterly' });
    const got = await fetchBytes(file.download_url ?? '');
    expect(got.status).toBe(200);
    expect(sha256(got.bytes)).toBe(sha256(bytes));

    const listed = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(adminFileEndpoints.list, {}),
      fileListSchema,
    ).items.find((item) => item.id === result.id);
    expect(listed?.source_path).toBe(`${m}/team/report.bin`);
  });

  it('removing the share leaves the file in its mount', async () => {
    await writeText(h, admin(h), `${m}/team/keep.txt`, 'still here');
    const result = await shared(admin(h), { path: `${m}/team/keep.txt` });
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(adminFileEndpoints.remove, { params: { id: result.id } }),
      okSchema,
    );
    expectError(await info(result.slug), 404, ErrorCode.NotFound);
    expect(await objectAt(`${m}/team/keep.txt`)).not.toBeNull();
    const got = await fetchBytes(
      testApi(h.server.baseUrl).url(adminFsEndpoints.download, { query: { path: `${m}/team/keep.txt` } }),
      { headers: { authorization: `Bearer ${h.token}` } },
    );
    expect(got.bytes.toString()).toBe('still here');
  });

  it('keeps the password and the view limit, and the last view leaves the file in place', async () => {
    await writeText(h, admin(h), `${m}/team/once.txt`, 'one look');
    const result = await shared(admin(h), { path: `${m}/team/once.txt`, password: 'pw-123', max_views: 1 });
    expect(result).toMatchObject({ hasPassword: true, maxViews: 1 });
    const locked = expectOk(await info(result.slug), publicFileAnswerSchema);
    expect(locked).not.toHaveProperty('filename');
    expect((await testApi(h.server.baseUrl).send(downloadFile, { params: { slug: result.slug } })).status).toBe(401);
    const verified = expectOk(
      await testApi(h.server.baseUrl).send(verifyFilePassword, {
        params: { slug: result.slug },
        body: { password: 'pw-123' },
      }),
      verifiedFileSchema,
    );
    const got = await fetchBytes(verified.download_url ?? '');
    expect(got.bytes.toString()).toBe('one look');
    const again = await testApi(h.server.baseUrl).send(verifyFilePassword, {
      params: { slug: result.slug },
      body: { password: 'pw-123' },
    });
    expect(again.status).toBe(410);
    // The sweeper retires the used-up share; the mount's file stays.
    const sweep = createUploadSweepTask(createRepositories(h.server.db), h.storage);
    expect(await sweep.run(Date.now() + settledShareGraceMs + 60_000)).toBeGreaterThanOrEqual(1);
    expect(await h.server.db.selectFrom('files').select('id').where('id', '=', result.id).execute()).toEqual([]);
    expect(await objectAt(`${m}/team/once.txt`)).not.toBeNull();
  });

  it('a full download of the last view retires the share and leaves the file', async () => {
    await writeText(h, admin(h), `${m}/team/last.txt`, 'last look');
    const result = await shared(admin(h), { path: `${m}/team/last.txt`, max_views: 1 });
    const got = await fetchBytes(testApi(h.server.baseUrl).url(downloadFile, { params: { slug: result.slug } }));
    expect(got.bytes.toString()).toBe('last look');
    await vi.waitFor(async () => expectError(await info(result.slug), 410, ErrorCode.Gone), { timeout: 10_000 });
    await vi.waitFor(
      async () =>
        expect(await h.server.db.selectFrom('files').select('id').where('id', '=', result.id).execute()).toEqual([]),
      { timeout: 10_000 },
    );
    expect(await objectAt(`${m}/team/last.txt`)).not.toBeNull();
  });

  it('withdrawing it as an upload (/s3/cancel) removes only the share, never the mount’s file', async () => {
    await writeText(h, admin(h), `${m}/team/cancel.txt`, 'stays');
    const result = await shared(admin(h), { path: `${m}/team/cancel.txt` });
    const cancelled = await testApi(h.server.baseUrl, asAdmin(h.token)).send(cancelUpload, {
      body: { file_id: result.id },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expectError(await info(result.slug), 404, ErrorCode.NotFound);
    expect(await objectAt(`${m}/team/cancel.txt`)).not.toBeNull();
  });

  it("serves a card image scaled from a mount's public picture, made again when the picture changes", async () => {
    const picture = (background: string) =>
      sharp({ create: { width: 1600, height: 900, channels: 3, background } })
        .png()
        .toBuffer();
    await upload(`${m}/team/pic.png`, await picture('#dc2626'));
    const result = await shared(admin(h), { path: `${m}/team/pic.png` });
    const card = testApi(h.server.baseUrl).url(cardImage, { params: { slug: result.slug } });
    const first = await fetchBytes(card);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(first.bytes).metadata()).toMatchObject({ width: 1200, height: 675 });
    const red = (await sharp(first.bytes).raw().toBuffer())[0] ?? 0;
    expect(red).toBeGreaterThan(180);
    // The same path, another picture: its card is made from the new bytes, not the kept one.
    await upload(`${m}/team/pic.png`, await picture('#2563eb'));
    const second = await fetchBytes(card);
    expect(second.status).toBe(200);
    expect((await sharp(second.bytes).raw().toBuffer())[0] ?? 255).toBeLessThan(80);
    expectOk(await fsCall(h, admin(h), 'DELETE', 'remove', { query: { path: `${m}/team/pic.png` } }), okSchema);
    expect((await fetchBytes(card)).status).toBe(404);
  });

  it('answers 410 once the file is gone from its mount, and follows a rewritten file', async () => {
    await writeText(h, admin(h), `${m}/team/moving.txt`, 'v1');
    const result = await shared(admin(h), { path: `${m}/team/moving.txt` });
    await writeText(h, admin(h), `${m}/team/moving.txt`, 'version two');
    const file = expectOk(await info(result.slug), verifiedFileSchema);
    expect(file.size).toBe('version two'.length);
    expect((await fetchBytes(file.download_url ?? '')).bytes.toString()).toBe('version two');
    expectOk(await fsCall(h, admin(h), 'DELETE', 'remove', { query: { path: `${m}/team/moving.txt` } }), okSchema);
    const gone = expectError(await info(result.slug), 410, ErrorCode.Gone);
    expect(gone.message).toMatch(/no longer in its mount/);
    expect((await testApi(h.server.baseUrl).send(downloadFile, { params: { slug: result.slug } })).status).toBe(410);
  });

  it('follows its file through a rename, a Move and its folder’s rename', async () => {
    await mkdir(h, admin(h), `${m}/trip`);
    await writeText(h, admin(h), `${m}/trip/day.txt`, 'day one');
    const result = await shared(admin(h), { path: `${m}/trip/day.txt` });
    const readsBack = async (filename: string, sourcePath: string) => {
      const file = expectOk(await info(result.slug), verifiedFileSchema);
      expect(file.filename).toBe(filename);
      expect((await fetchBytes(file.download_url ?? '')).bytes.toString()).toBe('day one');
      const listed = expectOk(
        await testApi(h.server.baseUrl, asAdmin(h.token)).send(adminFileEndpoints.list, {}),
        fileListSchema,
      ).items.find((item) => item.id === result.id);
      expect(listed?.source_path).toBe(sourcePath);
    };
    const renamed = await fsCall(h, admin(h), 'POST', 'rename', {
      json: { oldPath: `${m}/trip/day.txt`, newPath: `${m}/trip/first day.txt` },
    });
    expect(renamed.status).toBe(200);
    await readsBack('first day.txt', `${m}/trip/first day.txt`);

    await mkdir(h, admin(h), `${m}/trip/photos`);
    const moved = expectOk(
      await fsCall(h, admin(h), 'POST', 'move', {
        json: { items: [{ sourcePath: `${m}/trip/first day.txt`, targetPath: `${m}/trip/photos/first day.txt` }] },
      }),
      fsMoveResultSchema,
    );
    expect(moved.success).toBe(1);
    await readsBack('first day.txt', `${m}/trip/photos/first day.txt`);

    const folder = await fsCall(h, admin(h), 'POST', 'rename', {
      json: { oldPath: `${m}/trip`, newPath: `${m}/journey` },
    });
    expect(folder.status).toBe(200);
    await readsBack('first day.txt', `${m}/journey/photos/first day.txt`);
    // A folder whose name only starts like the moved one's keeps its shares where they were.
    await writeText(h, admin(h), `${m}/journey2.txt`, 'next door');
    const neighbour = await shared(admin(h), { path: `${m}/journey2.txt` });
    await fsCall(h, admin(h), 'POST', 'rename', { json: { oldPath: `${m}/journey`, newPath: `${m}/voyage` } });
    expect(expectOk(await info(neighbour.slug), verifiedFileSchema).filename).toBe('journey2.txt');
    await readsBack('first day.txt', `${m}/voyage/photos/first day.txt`);
  });

  it('lets a key share inside its base path only, with file and mount permission, never read-only', async () => {
    await writeText(h, admin(h), `${m}/team/k.txt`, 'key file');
    await writeText(h, admin(h), `${m}/other/secret.txt`, 'not yours');
    const scoped = await key(h, { file_permission: 1, basic_path: `${m}/team` });
    const result = await shared(scoped, { path: `${m}/team/k.txt` });
    expect(result.source_path).toBe(`${m}/team/k.txt`);
    const own = expectOk(
      await testApi(h.server.baseUrl, asApiKey('apiKey' in scoped ? scoped.apiKey : '')).send(
        userFileEndpoints.list,
        {},
      ),
      fileListSchema,
    );
    expect(own.items.map((item) => item.id)).toEqual([result.id]);

    expectError(await share(scoped, { path: `${m}/other/secret.txt` }), 403, ErrorCode.Forbidden);
    expectError(await share(scoped, { path: `${m}/team/../other/secret.txt` }), 403, ErrorCode.Forbidden);
    const sibling = await key(h, { file_permission: 1, basic_path: `${m}/tea` });
    expectError(await share(sibling, { path: `${m}/team/k.txt` }), 403, ErrorCode.Forbidden);
    const readOnly = await key(h, { file_permission: 1, read_only: 1 });
    expectError(await share(readOnly, { path: `${m}/team/k.txt` }), 403, ErrorCode.Forbidden);
    const noFile = await key(h, { file_permission: 0 });
    expectError(await share(noFile, { path: `${m}/team/k.txt` }), 403, ErrorCode.Forbidden);
    const noMount = await key(h, { mount_permission: 0, file_permission: 1 });
    expectError(await share(noMount, { path: `${m}/team/k.txt` }), 403, ErrorCode.Forbidden);
    expect(
      await h.server.db.selectFrom('files').select('id').where('source_path', '=', `${m}/other/secret.txt`).execute(),
    ).toEqual([]);
  });

  it('refuses bad input with a 4xx naming it', async () => {
    await writeText(h, admin(h), `${m}/team/bad.txt`, 'x');
    const path = `${m}/team/bad.txt`;
    expectError(await share(admin(h), {}), 400, ErrorCode.ValidationFailed);
    expectError(await share(admin(h), { path, max_views: -1 }), 400, ErrorCode.ValidationFailed);
    expectError(await share(admin(h), { path, expires_in: 0 }), 400, ErrorCode.ValidationFailed);
    expectError(await share(admin(h), { path, slug: 'has space' }), 400, ErrorCode.ValidationFailed);
    expectError(await share(admin(h), { path, password: '' }), 400, ErrorCode.ValidationFailed);
    expectError(await share(admin(h), { path, colour: 'red' }), 400, ErrorCode.ValidationFailed);
    expectError(await share(admin(h), { path: `${m}/team/` }), 400, ErrorCode.ValidationFailed);
    expectError(await share(admin(h), { path: `${m}/team/missing.txt` }), 404, ErrorCode.NotFound);
    expectError(await share(admin(h), { path: '/nowhere/x.txt' }), 404, ErrorCode.NotFound);
    await shared(admin(h), { path, slug: `mine-${driver}-${database}` });
    expectError(await share(admin(h), { path, slug: `mine-${driver}-${database}` }), 409, ErrorCode.SlugTaken);
    expectError(await share(admin(h), { path, slug: 'admin' }), 400, ErrorCode.ValidationFailed);
  });
});
