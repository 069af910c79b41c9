// Writes through /dav follow the explorer's rules on each driver: the WebDAV upload mode setting
// picks how a PUT reaches storage (direct, multipart, presigned), a body of unknown length is
// streamed too, the max upload size holds for declared and undeclared lengths, reads honour Range,
// and the search index follows PUT, MOVE, COPY and DELETE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSystemSettings } from '@shared/api/settings.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import { fsSearchResultSchema } from '@shared/api/fs.schema';
import { drivers, randomBytesOf, sha256 } from '@tests/integration/storage/storage-harness';
import { expectOk } from '@tests/integration/support/http';
import { admin, fsCall, startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { adminBasic, authorization, dav } from './dav-harness';

const mib = 1024 * 1024;

describe.each(drivers)('writes through /dav on the %s driver', (name) => {
  let h: FsHarness;
  const at = (path: string) => `/dav${h.mountPath}/writes${path}`;
  const settings = (json: Record<string, unknown>) =>
    testApi(h.server.baseUrl, asAdmin(h.token)).send(updateSystemSettings, { body: json });
  const getBytes = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${h.server.baseUrl}${path}`, {
      headers: { ...authorization(adminBasic), ...headers },
    });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  /** A PUT whose length is not declared: the body goes out chunked. */
  const putChunked = (path: string, bytes: Buffer) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += mib) controller.enqueue(new Uint8Array(bytes.subarray(i, i + mib)));
        controller.close();
      },
    });
    return fetch(`${h.server.baseUrl}${path}`, {
      method: 'PUT',
      headers: authorization(adminBasic),
      body,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
  };
  const search = async (q: string) =>
    expectOk(await fsCall(h, admin(h), 'GET', 'search', { query: { q } }), fsSearchResultSchema).results.map(
      (hit) => hit.path,
    );

  beforeAll(async () => {
    h = await startFsHarness(name);
    expect((await dav(h.server.baseUrl, 'MKCOL', at(''), adminBasic)).status).toBe(201);
  });
  afterAll(() => h.close());

  it.each(['direct', 'multipart', 'proxy', 'auto'] as const)(
    'stores a PUT intact with the upload mode %s, declared or not',
    async (mode) => {
      expectOk(await settings({ webdav_upload_mode: mode }), z.unknown());
      const bytes = randomBytesOf(6 * mib + 17, mode.length);
      const put = await dav(h.server.baseUrl, 'PUT', at(`/${mode}.bin`), adminBasic, {
        body: bytes,
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(put.status).toBe(201);
      const got = await getBytes(at(`/${mode}.bin`));
      expect(sha256(got.bytes)).toBe(sha256(bytes));
      expect(got.headers.get('etag')).toBe(put.headers.get('etag'));
      const again = randomBytesOf(5 * mib + 3, mode.length + 1);
      expect((await putChunked(at(`/${mode}.bin`), again)).status).toBe(204);
      expect(sha256((await getBytes(at(`/${mode}.bin`))).bytes)).toBe(sha256(again));
      const part = await getBytes(at(`/${mode}.bin`), { range: 'bytes=100-199' });
      expect(part.status).toBe(206);
      expect(part.bytes.equals(again.subarray(100, 200))).toBe(true);
      expect((await getBytes(at(`/${mode}.bin`), { range: `bytes=${again.length}-` })).status).toBe(416);
    },
  );

  it('refuses a body over the max upload size, declared or not, and leaves nothing behind', async () => {
    expectOk(
      await settings({ webdav_upload_mode: 'auto', max_upload_size: 1, max_upload_size_unit: 'MB' }),
      z.unknown(),
    );
    const bytes = randomBytesOf(2 * mib, 3);
    expect((await dav(h.server.baseUrl, 'PUT', at('/too-big.bin'), adminBasic, { body: bytes })).status).toBe(413);
    expect((await putChunked(at('/too-big-chunked.bin'), bytes)).status).toBe(413);
    expect((await getBytes(at('/too-big.bin'))).status).toBe(404);
    expect((await getBytes(at('/too-big-chunked.bin'))).status).toBe(404);
    expectOk(await settings({ max_upload_size: 100, max_upload_size_unit: 'MB' }), z.unknown());
  });

  it('keeps the search index current through PUT, COPY, MOVE and DELETE', async () => {
    const root = `${h.mountPath}/writes`;
    expect((await dav(h.server.baseUrl, 'PUT', at('/indexed-one.txt'), adminBasic, { body: 'one' })).status).toBe(201);
    expect(await search('indexed-one')).toEqual([`${root}/indexed-one.txt`]);
    expect(
      (
        await dav(h.server.baseUrl, 'COPY', at('/indexed-one.txt'), adminBasic, {
          headers: { destination: at('/indexed-two.txt') },
        })
      ).status,
    ).toBe(201);
    expect(await search('indexed-two')).toEqual([`${root}/indexed-two.txt`]);
    expect(
      (
        await dav(h.server.baseUrl, 'MOVE', at('/indexed-two.txt'), adminBasic, {
          headers: { destination: at('/indexed-three.txt') },
        })
      ).status,
    ).toBe(201);
    expect(await search('indexed-two')).toEqual([]);
    expect(await search('indexed-three')).toEqual([`${root}/indexed-three.txt`]);
    expect((await dav(h.server.baseUrl, 'DELETE', at('/indexed-three.txt'), adminBasic)).status).toBe(204);
    expect(await search('indexed-three')).toEqual([]);
  });

  it('refuses a COPY or MOVE onto the source, into it, or over a folder that holds it, and honours Overwrite F', async () => {
    expect((await dav(h.server.baseUrl, 'MKCOL', at('/nest'), adminBasic)).status).toBe(201);
    expect((await dav(h.server.baseUrl, 'PUT', at('/nest/leaf.txt'), adminBasic, { body: 'leaf' })).status).toBe(201);
    const move = (from: string, to: string, headers: Record<string, string> = {}) =>
      dav(h.server.baseUrl, 'MOVE', at(from), adminBasic, { headers: { destination: at(to), ...headers } });
    expect((await move('/nest', '/nest')).status).toBe(403);
    expect((await move('/nest', '/nest/inner')).status).toBe(403);
    expect((await move('/nest/leaf.txt', '/nest')).status).toBe(403);
    expect(
      (await dav(h.server.baseUrl, 'COPY', at('/nest/leaf.txt'), adminBasic, { headers: { destination: at('/nest') } }))
        .status,
    ).toBe(403);
    expect((await dav(h.server.baseUrl, 'PUT', at('/other.txt'), adminBasic, { body: 'other' })).status).toBe(201);
    expect((await move('/nest/leaf.txt', '/other.txt', { overwrite: 'F' })).status).toBe(412);
    expect((await move('/nest/leaf.txt', '/other.txt')).status).toBe(204);
    expect((await dav(h.server.baseUrl, 'GET', at('/other.txt'), adminBasic)).text).toBe('leaf');
  });
});
