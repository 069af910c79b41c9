// COPY and MOVE between mounts on different storages (radosgw and the local driver): the bytes
// are streamed across, folders with everything below them, and a MOVE removes the source.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytesOf, sha256 } from '@tests/integration/storage/storage-harness';
import { startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { adminBasic, authorization, dav, hrefsOf, propfindBody } from './dav-harness';

describe('WebDAV between storages', () => {
  let h: FsHarness;
  const s3 = (path: string) => `/dav${h.mountPath}${path}`;
  const local = (path: string) => `/dav/local${path}`;
  const req = (
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string | Uint8Array } = {},
  ) => dav(h.server.baseUrl, method, path, adminBasic, init);
  const bytesAt = async (path: string) =>
    Buffer.from(
      await (await fetch(`${h.server.baseUrl}${path}`, { headers: authorization(adminBasic) })).arrayBuffer(),
    );

  beforeAll(async () => {
    h = await startFsHarness('s3');
    expect((await req('MKCOL', s3('/tree'))).status).toBe(201);
    expect((await req('MKCOL', s3('/tree/inner'))).status).toBe(201);
    expect((await req('PUT', s3('/tree/top.txt'), { body: 'top' })).status).toBe(201);
    expect((await req('PUT', s3('/tree/inner/data.bin'), { body: randomBytesOf(3 * 1024 * 1024, 5) })).status).toBe(
      201,
    );
  });
  afterAll(() => h.close());

  it('copies a folder tree from one storage to another, then moves it back', async () => {
    expect((await req('COPY', s3('/tree'), { headers: { destination: local('/tree-copy') } })).status).toBe(201);
    expect(sha256(await bytesAt(local('/tree-copy/inner/data.bin')))).toBe(sha256(randomBytesOf(3 * 1024 * 1024, 5)));
    expect((await bytesAt(local('/tree-copy/top.txt'))).toString()).toBe('top');

    expect((await req('MOVE', local('/tree-copy'), { headers: { destination: s3('/tree-back') } })).status).toBe(201);
    expect((await req('PROPFIND', local('/tree-copy'), { headers: { depth: '0' }, body: propfindBody })).status).toBe(
      404,
    );
    const listed = hrefsOf(
      (await req('PROPFIND', s3('/tree-back'), { headers: { depth: '1' }, body: propfindBody })).text,
    );
    expect(listed).toEqual([s3('/tree-back/'), s3('/tree-back/inner/'), s3('/tree-back/top.txt')]);
    expect((await bytesAt(s3('/tree-back/top.txt'))).toString()).toBe('top');
  });
});
