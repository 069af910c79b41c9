import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFile, getPublicFile, officePreview } from '@shared/api/file.endpoints';
import { testApi } from '@tests/integration/support/api';
import { createRepositories } from '@server/db/repositories';
import { officePreviewSchema, publicFileSchema } from '@shared/api/file-share.schema';
import { ErrorCode } from '@shared/errors';
import { FileRepo } from '@server/modules/files/file.repo';
import { createUploadSweepTask, settledShareGraceMs } from '@server/modules/uploads/upload-sweep.service';
import { expectError, expectOk } from '@tests/integration/support/http';
import {
  download,
  drivers,
  randomBytesOf,
  setUseProxy,
  startHarness,
  uploadFile,
  type Harness,
} from './storage-harness';

describe.each(drivers)('view counting on the %s driver', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(name);
  });
  afterAll(() => h.close());

  const bytes = randomBytesOf(4_000, 9);
  const meta = async (slug: string) =>
    expectOk(await testApi(h.server.baseUrl).send(getPublicFile, { params: { slug } }), publicFileSchema);
  const views = async (id: string) => (await new FileRepo(h.server.db).findById(id))?.views;
  const ranged = (range: string) => ({ headers: { range } });
  const proxied = async (options: { max_views?: number; filename?: string } = {}) => {
    const file = await uploadFile(h, options.filename ?? 'movie.bin', bytes, { max_views: options.max_views });
    await setUseProxy(h, file.id, true);
    return file;
  };

  it('gives unprotected files an access token in the metadata, already in the links, without counting', async () => {
    const file = await uploadFile(h, 'plain.bin', bytes);
    const info = await meta(file.slug);
    expect(info.access_token).toEqual(expect.any(String));
    expect(info.download_url).toBe(
      testApi(h.server.baseUrl).url(downloadFile, {
        params: { slug: file.slug },
        query: { token: info.access_token ?? '' },
      }),
    );
    expect(await views(file.id)).toBe(0);
  });

  it('two Range requests with one token cost one view', async () => {
    const file = await proxied();
    const { access_token: token } = await meta(file.slug);
    const query = `?token=${encodeURIComponent(token ?? '')}`;
    expect((await download(h, file.slug, 'view', ranged('bytes=0-999'), query)).status).toBe(206);
    expect((await download(h, file.slug, 'view', ranged('bytes=1000-1999'), query)).status).toBe(206);
    expect((await download(h, file.slug, 'view', ranged('bytes=0-'), query)).status).toBe(206);
    expect(await views(file.id)).toBe(1);
  });

  it('a preview and a download with one token cost one view', async () => {
    const file = await uploadFile(h, 'page.pdf', bytes, { mimetype: 'application/pdf' });
    const info = await meta(file.slug);
    expect((await fetch(info.preview_url ?? '', { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(info.download_url ?? '', { redirect: 'manual' })).status).toBe(302);
    expect(await views(file.id)).toBe(1);
    expect(
      (
        await fetch(testApi(h.server.baseUrl).url(downloadFile, { params: { slug: file.slug } }), {
          redirect: 'manual',
        })
      ).status,
    ).toBe(302);
    expect(await views(file.id)).toBe(2);
  });

  it('without a token only reads from byte 0 count, and a 416 never counts', async () => {
    const file = await proxied();
    expect((await download(h, file.slug, 'download', ranged('bytes=100-199'))).status).toBe(206);
    expect((await download(h, file.slug, 'download', ranged('bytes=90000-'))).status).toBe(416);
    expect(await views(file.id)).toBe(0);
    expect((await download(h, file.slug, 'download', ranged('bytes=0-99'))).status).toBe(206);
    expect((await download(h, file.slug, 'download')).status).toBe(200);
    expect(await views(file.id)).toBe(2);
  });

  it('lets a visit that saw a one-view image download it as well', async () => {
    const image = randomBytesOf(3_000, 4);
    const file = await uploadFile(h, 'photo.png', image, { mimetype: 'image/png', max_views: 1 });
    const query = `?token=${encodeURIComponent((await meta(file.slug)).access_token ?? '')}`;
    expect((await download(h, file.slug, 'view', {}, query)).bytes.equals(image)).toBe(true);
    const fetched = await download(h, file.slug, 'download', {}, query);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes.equals(image)).toBe(true);
    expect((await download(h, file.slug, 'view')).status).toBe(410);
  });

  it('streams a view-limited share and counts every tokenless request, ranged or not', async () => {
    const file = await uploadFile(h, 'limited.bin', bytes, { max_views: 2 });
    const whole = await fetch(testApi(h.server.baseUrl).url(downloadFile, { params: { slug: file.slug } }), {
      redirect: 'manual',
    });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const tail = await download(h, file.slug, 'download', ranged('bytes=1-'));
    expect(tail.status).toBe(206);
    expect(await views(file.id)).toBe(2);
    expect((await download(h, file.slug, 'download', ranged('bytes=1-'))).status).toBe(410);
  });

  it('never hands out a redirect that outlives the share', async () => {
    const file = await uploadFile(h, 'brief.bin', bytes);
    const expiresAt = Date.now() + 120_000;
    await h.server.db
      .updateTable('files')
      .set({ expires_at: new Date(expiresAt).toISOString() })
      .where('id', '=', file.id)
      .execute();
    const redirect = await fetch(testApi(h.server.baseUrl).url(downloadFile, { params: { slug: file.slug } }), {
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    const link = new URL(redirect.headers.get('location') ?? '');
    const amzExpires = link.searchParams.get('X-Amz-Expires');
    const validUntilMs =
      amzExpires === null ? Number(link.searchParams.get('exp')) * 1000 : Date.now() + Number(amzExpires) * 1000;
    expect(validUntilMs).toBeGreaterThan(Date.now());
    expect(validUntilMs).toBeLessThanOrEqual(expiresAt + 1000);
  });

  it('a 416 on a one-view share leaves it intact', async () => {
    const file = await proxied({ max_views: 1 });
    expect((await download(h, file.slug, 'download', ranged('bytes=90000-'))).status).toBe(416);
    const got = await download(h, file.slug);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(bytes)).toBe(true);
    await expect.poll(async () => await new FileRepo(h.server.db).findById(file.id)).toBeUndefined();
    expectError(
      await testApi(h.server.baseUrl).send(getPublicFile, { params: { slug: file.slug } }),
      410,
      ErrorCode.Gone,
    );
  });

  it('a ranged last view leaves the share used up (410); the sweeper deletes it after its grace, leaving 410', async () => {
    const file = await proxied({ max_views: 1 });
    expect((await download(h, file.slug, 'view', ranged('bytes=0-99'))).status).toBe(206);
    expect(await views(file.id)).toBe(1);
    expectError(
      await testApi(h.server.baseUrl).send(getPublicFile, { params: { slug: file.slug } }),
      410,
      ErrorCode.Gone,
    );
    const sweep = createUploadSweepTask(createRepositories(h.server.db), h.storage);
    await sweep.run(Date.now());
    expect(await new FileRepo(h.server.db).findById(file.id)).toBeDefined();

    expect(await sweep.run(Date.now() + settledShareGraceMs + 60_000)).toBeGreaterThanOrEqual(1);
    expect(await new FileRepo(h.server.db).findById(file.id)).toBeUndefined();
    expect(await (await h.driver()).head(file.storage_path)).toBeNull();
    expectError(
      await testApi(h.server.baseUrl).send(getPublicFile, { params: { slug: file.slug } }),
      410,
      ErrorCode.Gone,
    );
  });

  it('an office preview costs a view (once per token) and signs a 300 s link', async () => {
    const file = await uploadFile(h, 'deck.pptx', bytes, { max_views: 1 });
    const { access_token: token } = await meta(file.slug);
    const preview = (query: { token?: string }) =>
      testApi(h.server.baseUrl).send(officePreview, {
        params: { slug: file.slug },
        query: { provider: 'google', ...query },
      });
    const first = expectOk(await preview({ token: token ?? '' }), officePreviewSchema);
    expect(first.expires_in).toBe(300);
    expect(await views(file.id)).toBe(1);
    expectError(await preview({}), 410, ErrorCode.Gone);
  });
});
