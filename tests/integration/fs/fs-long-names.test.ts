// A name (one path segment) longer than a file system takes is refused where paths are parsed,
// with a 400 naming the limit, on every route and every WebDAV method, on both drivers; a name of
// exactly 255 bytes works everywhere (the local driver keeps its metadata under a hash of it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsEntrySchema } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { drivers } from '@tests/integration/storage/storage-harness';
import { expectError, expectOk } from '@tests/integration/support/http';
import { adminBasic, dav, propfindBody } from '@tests/integration/webdav/dav-harness';
import { admin, formUpload, fsCall, mkdir, startFsHarness, writeText, type FsHarness } from './fs-harness';

const longest = `${'é'.repeat(126)}abc`; // 255 bytes
const tooLong = `${'表'.repeat(85)}a`; // 256 bytes
const limitNamed = /at most 255 bytes/;

describe.each(drivers)('names over 255 bytes on the %s driver', (name) => {
  let h: FsHarness;
  let root: string;
  beforeAll(async () => {
    h = await startFsHarness(name);
    root = `${h.mountPath}/long-names`;
    await mkdir(h, admin(h), root);
  });
  afterAll(() => h.close());

  it('refuses them on the explorer routes with a 400 naming the limit', async () => {
    expect(Buffer.byteLength(longest)).toBe(255);
    expect(Buffer.byteLength(tooLong)).toBe(256);
    const refused = [
      await fsCall(h, admin(h), 'POST', 'mkdir', { json: { path: `${root}/${tooLong}` } }),
      await fsCall(h, admin(h), 'POST', 'mkdir', { json: { path: `${root}/${tooLong}/deeper` } }),
      await writeText(h, admin(h), `${root}/${tooLong}`, 'x'),
      await fsCall(h, admin(h), 'GET', 'get', { query: { path: `${root}/${tooLong}` } }),
      await fsCall(h, admin(h), 'GET', 'list', { query: { path: `${root}/${tooLong}` } }),
      await formUpload(h, admin(h), root, tooLong, 'x'),
      await fsCall(h, admin(h), 'POST', 'presign', { json: { path: root, fileName: tooLong, fileSize: 1 } }),
    ];
    for (const result of refused) {
      const envelope = expectError(result, 400, ErrorCode.ValidationFailed);
      expect(envelope.message).toMatch(limitNamed);
    }
  });

  it('takes a 255-byte name for folders and files', async () => {
    const folder = expectOk(
      await fsCall(h, admin(h), 'POST', 'mkdir', { json: { path: `${root}/${longest}` } }),
      fsEntrySchema,
      201,
    );
    expect(folder.name).toBe(longest);
    expect((await writeText(h, admin(h), `${root}/${longest}/a.txt`, 'hello')).status).toBe(200);
    const file = `${root}/x${longest.slice(1)}`;
    const written = await writeText(h, admin(h), file, 'hello');
    expect(written.status, written.text).toBe(200);
    const got = await fsCall(h, admin(h), 'GET', 'get', { query: { path: file } });
    expect(got.status, got.text).toBe(200);
    const form = await formUpload(h, admin(h), root, `f${longest.slice(1)}`, 'form');
    expect(form.status, form.text).toBe(201);
  });

  it('refuses them on every WebDAV method, in the URL and in the Destination', async () => {
    const at = `/dav${root}/${encodeURIComponent(tooLong)}`;
    const requests: [string, Record<string, string>, string | undefined][] = [
      ['GET', {}, undefined],
      ['HEAD', {}, undefined],
      ['PUT', {}, 'x'],
      ['DELETE', {}, undefined],
      ['MKCOL', {}, undefined],
      ['PROPFIND', { depth: '0' }, propfindBody],
      ['PROPPATCH', {}, '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"/>'],
      [
        'LOCK',
        {},
        '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
      ],
      ['UNLOCK', { 'lock-token': '<opaquelocktoken:x>' }, undefined],
      ['COPY', { destination: `/dav${root}/copy` }, undefined],
      ['MOVE', { destination: `/dav${root}/moved` }, undefined],
    ];
    for (const [method, headers, body] of requests) {
      const result = await dav(h.server.baseUrl, method, at, adminBasic, { headers, body });
      expect(result.status, `${method}: ${result.text}`).toBe(400);
      if (method !== 'HEAD') expect(result.text, method).toMatch(limitNamed);
    }
    expect((await dav(h.server.baseUrl, 'PUT', `/dav${root}/src.txt`, adminBasic, { body: 'x' })).status).toBe(201);
    for (const method of ['COPY', 'MOVE']) {
      const result = await dav(h.server.baseUrl, method, `/dav${root}/src.txt`, adminBasic, {
        headers: { destination: at },
      });
      expect(result.status, `${method}: ${result.text}`).toBe(400);
      expect(result.text).toMatch(limitNamed);
    }
    const put = await dav(
      h.server.baseUrl,
      'PUT',
      `/dav${root}/${encodeURIComponent(`d${longest.slice(1)}`)}`,
      adminBasic,
      {
        body: 'dav',
      },
    );
    expect(put.status).toBe(201);
  });
});
