import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFile, getPublicFile, officePreview, verifyFilePassword } from '@shared/api/file.endpoints';
import { clearCache, getCacheStats } from '@shared/api/cache.endpoints';
import { lockedFileSchema, publicFileSchema } from '@shared/api/file-share.schema';
import { ErrorCode } from '@shared/errors';
import { createRepositories } from '@server/db/repositories';
import { createUploadSweepTask, settledShareGraceMs } from '@server/modules/uploads/upload-sweep.service';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { expectError, expectOk } from '@tests/integration/support/http';
import {
  download,
  drivers,
  fetchBytes,
  randomBytesOf,
  setUseProxy,
  startHarness,
  uploadFile,
  type Harness,
} from './storage-harness';

describe.each(drivers)('public file access on the %s driver', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(name);
  });
  afterAll(() => h.close());

  const info = (slug: string) => testApi(h.server.baseUrl).send(getPublicFile, { params: { slug } });
  const visitor = () => testApi(h.server.baseUrl);
  const admin = () => testApi(h.server.baseUrl, asAdmin(h.token));
  const verified = (slug: string, password: string) =>
    visitor().ok(verifyFilePassword, { params: { slug }, body: { password } });

  it('shows metadata without counting a view; unknown slugs are 404', async () => {
    const file = await uploadFile(h, 'notes.txt', Buffer.from('plain notes'), { mimetype: 'text/plain' });
    const meta = expectOk(await info(file.slug), publicFileSchema);
    expect(meta).toMatchObject({ filename: 'notes.txt', requires_password: false, views: 0 });
    expect(meta.download_url).toMatch(new RegExp(`^${h.server.baseUrl}/api/file-download/${file.slug}\\?token=`));
    expect(expectOk(await info(file.slug), publicFileSchema).views).toBe(0);
    expectError(await info('no-such-file'), 404, ErrorCode.NotFound);
    expect((await download(h, 'no-such-file')).status).toBe(404);
  });

  it('a password-protected file needs verify, and links carry a token, never the password', async () => {
    const bytes = randomBytesOf(2048);
    const file = await uploadFile(h, 'secret.bin', bytes, { password: 'open sesame' });
    const meta = expectOk(await info(file.slug), lockedFileSchema);
    expect(meta).toMatchObject({ requires_password: true, preview_url: null, download_url: null });
    expectError(
      await testApi(h.server.baseUrl).send(downloadFile, { params: { slug: file.slug } }),
      401,
      ErrorCode.PasswordRequired,
    );
    await visitor().fails(
      verifyFilePassword,
      { params: { slug: file.slug }, body: { password: 'wrong' } },
      401,
      ErrorCode.WrongPassword,
    );
    const opened = await verified(file.slug, 'open sesame');
    expect(opened.download_url).toContain('?token=');
    expect(opened.download_url).not.toContain('sesame');
    const got = await fetchBytes(opened.download_url ?? '');
    expect(got.status).toBe(200);
    expect(got.bytes.equals(bytes)).toBe(true);
    const forged = await testApi(h.server.baseUrl).send(downloadFile, {
      params: { slug: file.slug },
      query: { token: `${opened.access_token.slice(0, -2)}xx` },
    });
    expectError(forged, 403, ErrorCode.Forbidden);
  });

  it('says nothing about a protected file but that it needs its password: no name, type, size, remark, dates or views', async () => {
    const file = await uploadFile(h, 'quarterly-secret-plan.pdf', Buffer.from('%PDF secret'), {
      password: 'open sesame',
      remark: 'the secret remark',
      max_views: 4,
      expires_in: 24,
      mimetype: 'application/pdf',
    });
    const answer = await info(file.slug);
    expect(expectOk(answer, lockedFileSchema)).toEqual({
      slug: file.slug,
      requires_password: true,
      preview_url: null,
      download_url: null,
      access_token: null,
      token_expires_at: null,
    });
    expect(Object.keys((answer.body as { data: object }).data).sort()).toEqual(
      ['access_token', 'download_url', 'preview_url', 'requires_password', 'slug', 'token_expires_at'].sort(),
    );
    expect(answer.text).not.toMatch(/quarterly|secret remark|application\/pdf|"(filename|size|max_views|expires_at)"/);
    // The password shows it all.
    expect(await verified(file.slug, 'open sesame')).toMatchObject({
      filename: 'quarterly-secret-plan.pdf',
      remark: 'the secret remark',
      mimetype: 'application/pdf',
      max_views: 4,
    });
  });

  it('rate-limits wrong passwords per IP and slug with 429', async () => {
    const file = await uploadFile(h, 'locked.txt', Buffer.from('x'), { password: 'right one' });
    const guess = (password: string) =>
      visitor().fails(
        verifyFilePassword,
        { params: { slug: file.slug }, body: { password } },
        401,
        ErrorCode.WrongPassword,
      );
    for (let i = 0; i < 10; i += 1) await guess(`guess ${i}`);
    const blocked = await testApi(h.server.baseUrl).send(verifyFilePassword, {
      params: { slug: file.slug },
      body: { password: 'right one' },
    });
    expectError(blocked, 429, ErrorCode.RateLimited);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('serves the view that reaches max_views, then deletes the file and its object, leaving 410 for its link', async () => {
    const bytes = Buffer.from('two views only');
    const file = await uploadFile(h, 'limited.txt', bytes, { max_views: 2 });
    expect((await download(h, file.slug)).bytes.equals(bytes)).toBe(true);
    const last = await download(h, file.slug);
    expect(last.status).toBe(200);
    expect(last.bytes.equals(bytes)).toBe(true);
    await expect.poll(async () => (await info(file.slug)).status).toBe(410);
    const driver = await h.driver();
    await expect.poll(() => driver.head(file.storage_path)).toBeNull();
  });

  it('answers 410 for an expired file, to its page and its download; the sweeper removes it after the grace', async () => {
    const file = await uploadFile(h, 'old.txt', Buffer.from('old'), { expires_in: 1 });
    await h.server.db
      .updateTable('files')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', file.id)
      .execute();
    expectError(await info(file.slug), 410, ErrorCode.Gone);
    expect((await download(h, file.slug)).status).toBe(410);
    const sweep = createUploadSweepTask(createRepositories(h.server.db), h.storage);
    expect(await sweep.run(Date.now() + settledShareGraceMs + 60_000)).toBeGreaterThanOrEqual(1);
    expect(await (await h.driver()).head(file.storage_path)).toBeNull();
    expectError(await info(file.slug), 410, ErrorCode.Gone);
  });

  it('redirects to a presigned URL by default and streams with Range when proxying', async () => {
    const bytes = randomBytesOf(10_000, 5);
    const file = await uploadFile(h, 'range.bin', bytes);
    const redirect = await fetch(testApi(h.server.baseUrl).url(downloadFile, { params: { slug: file.slug } }), {
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    await setUseProxy(h, file.id, true);
    const part = await download(h, file.slug, 'download', { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.bytes.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await download(h, file.slug, 'download', { headers: { range: 'bytes=-10' } });
    expect(tail.bytes.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    expect((await download(h, file.slug, 'download', { headers: { range: 'bytes=20000-' } })).status).toBe(416);
  });

  it('reuses the presigned download URL from the s3Url cache, counts it, and forgets it with the config', async () => {
    const file = await uploadFile(h, 'cached.bin', randomBytesOf(1000, 9));
    const stats = async () => (await admin().ok(getCacheStats, {})).caches.s3Url;
    const before = await stats();
    const location = async () =>
      (
        await fetch(testApi(h.server.baseUrl).url(downloadFile, { params: { slug: file.slug } }), {
          redirect: 'manual',
        })
      ).headers.get('location');
    const first = await location();
    expect(first).not.toBeNull();
    expect(await location()).toBe(first);
    const after = await stats();
    expect(after.hits - before.hits).toBe(1);
    expect(after.misses - before.misses).toBe(1);
    const cleared = await admin().ok(clearCache, { body: { storageConfigId: h.configId } });
    expect(cleared.cleared).toBeGreaterThanOrEqual(1);
    expect((await stats()).size).toBe(0);
  });

  it.each([
    ['page.html', 'text/html', '<script>alert(1)</script>'],
    ['image.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
  ])('serves %s as inert text (proxy and presigned)', async (filename, mimetype, content) => {
    const file = await uploadFile(h, filename, Buffer.from(content), { mimetype });
    const direct = await download(h, file.slug, 'view');
    expect(direct.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(direct.headers.get('content-disposition')).toMatch(/^attachment/);
    await setUseProxy(h, file.id, true);
    const proxied = await download(h, file.slug, 'view');
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(proxied.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(proxied.headers.get('x-content-type-options')).toBe('nosniff');
    expect(proxied.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('builds office viewer links and refuses other providers', async () => {
    const file = await uploadFile(h, 'deck.pptx', Buffer.from('pptx bytes'));
    const preview = (provider: 'microsoft' | 'google') =>
      visitor().ok(officePreview, { params: { slug: file.slug }, query: { provider } });
    const ms = await preview('microsoft');
    expect(ms.url).toMatch(/^https:\/\/view\.officeapps\.live\.com\/op\/view\.aspx\?src=http/);
    const google = await preview('google');
    expect(google.url).toMatch(/^https:\/\/docs\.google\.com\/viewer\?url=.+&embedded=true$/);
    const inner = new URL(google.url).searchParams.get('url') ?? '';
    expect((await fetchBytes(inner)).bytes.toString()).toBe('pptx bytes');
    const refused = expectError(
      await testApi(h.server.baseUrl).send(officePreview, {
        params: { slug: file.slug },
        query: { provider: 'dropbox' },
      }),
      400,
      ErrorCode.BadRequest,
    );
    expect(refused.message).toMatch(/unsupported provider/);
  });
});
