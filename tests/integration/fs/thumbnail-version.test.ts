// A thumbnail asked for with the ETag the listing gave (`etag`), on both drivers: answered from
// the queue's record without asking storage for the file's current version, kept as long as that
// URL; a file changed behind the server's back is never shown older than the version its caller
// names, and a version the server has no thumbnail of is checked against storage as before.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminThumbnail } from '@shared/api/fs-thumbnail.endpoints';
import { ErrorCode } from '@shared/errors';
import { testApi } from '@tests/integration/support/api';
import { call, expectError } from '@tests/integration/support/http';
import { drivers } from '@tests/integration/storage/storage-harness';
import { admin, formUpload, mkdir, putDirect, startFsHarness, type FsHarness } from './fs-harness';
import { plainPng } from './thumbnail-suite';

type Fetched = { status: number; headers: Headers; bytes: Buffer };

describe.each(drivers)('thumbnails of a named version on the %s driver', (name) => {
  let h: FsHarness;
  let root: string;
  const keyOf = (path: string) => path.slice(h.mountPath.length + 1);
  beforeAll(async () => {
    h = await startFsHarness(name);
    root = `${h.mountPath}/thumbs-version`;
    await mkdir(h, admin(h), root);
  });
  afterAll(() => h.close());

  const fetchThumb = async (path: string, extra: Record<string, string> = {}): Promise<Fetched> => {
    const address = testApi(h.server.baseUrl).url(adminThumbnail, { query: { path, size: 'tile', ...extra } });
    // A redirect to storage is the answer under test: not followed.
    const response = await fetch(address, {
      headers: { authorization: `Bearer ${h.token}` },
      redirect: 'manual',
    });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  /** The picture itself: through the redirect to storage on S3, from the answer on the local driver. */
  const picture = async (answer: Fetched): Promise<Buffer> => {
    if (answer.status !== 302) return answer.bytes;
    const stored = await fetch(answer.headers.get('location') ?? '');
    expect(stored.status).toBe(200);
    return Buffer.from(await stored.arrayBuffer());
  };
  const settled = async (path: string): Promise<Fetched> => {
    const deadline = Date.now() + 25_000;
    for (;;) {
      const answer = await fetchThumb(path);
      if (answer.status !== 202 || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const etagOf = async (path: string): Promise<string> => {
    const head = await (await h.driver()).head(keyOf(path));
    if (head === null) throw new Error(`${path} is not stored`);
    return head.etag;
  };
  const widthOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).width;

  it('answers the thumbnail of the version named, kept an hour, without asking storage which is current', async () => {
    const path = `${root}/named.png`;
    expect((await formUpload(h, admin(h), root, 'named.png', await plainPng(64, 48), 'image/png')).status).toBe(201);
    expect((await settled(path)).status).not.toBe(202);
    const first = await etagOf(path);
    // Another tool replaces the file (no follower runs): only a HEAD of it can tell.
    await putDirect(h, keyOf(path), await plainPng(40, 30), 'image/png');
    const second = await etagOf(path);
    expect(second).not.toBe(first);

    const named = await fetchThumb(path, { etag: first.replace(/"/g, '') });
    expect(named.status).toBe(name === 's3' ? 302 : 200);
    expect(named.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(await widthOf(await picture(named))).toBe(64);

    // The caller that names the new version never gets the old picture: it is made again.
    const current = await fetchThumb(path, { etag: second });
    expect(current.status).toBe(202);
    expect((await settled(path)).status).not.toBe(202);
    const remade = await fetchThumb(path, { etag: second });
    expect(remade.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(await widthOf(await picture(remade))).toBe(40);
    // The old version's record is gone with it: naming it now asks storage, which has the new one.
    const stale = await fetchThumb(path, { etag: first });
    expect(stale.headers.get('cache-control')).toMatch(/private, max-age=300$/);
    expect(await widthOf(await picture(stale))).toBe(40);
  });

  it('checks an unknown version against storage, and refuses an empty etag', async () => {
    const path = `${root}/unknown.png`;
    expect((await formUpload(h, admin(h), root, 'unknown.png', await plainPng(32, 24), 'image/png')).status).toBe(201);
    expect((await settled(path)).status).not.toBe(202);
    const answer = await fetchThumb(path, { etag: '"not-this-version"' });
    expect(answer.status).toBe(name === 's3' ? 302 : 200);
    expect(answer.headers.get('cache-control')).toMatch(/private, max-age=300$/);
    expect(await widthOf(await picture(answer))).toBe(32);
    expect((await fetchThumb(`${root}/missing.png`, { etag: 'abc' })).status).toBe(404);
    expectError(
      // raw: an empty etag is a query value the contract refuses
      await call(h.server.baseUrl, 'GET', `/api/admin/fs/thumbnail?${new URLSearchParams({ path, etag: '' })}`, {
        token: h.token,
      }),
      400,
      ErrorCode.ValidationFailed,
    );
  });
});
