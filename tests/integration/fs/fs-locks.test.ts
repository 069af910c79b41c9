// A WebDAV lock protects its resource from every door: after a LOCK over /dav, the explorer's
// JSON API refuses every change the lock covers with 423 and a message naming the lock's holder
// and its end, whoever asks; reads go on, and the lock's holder still writes over /dav with its
// token. After UNLOCK the same changes go through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsUnlockResultSchema, removeWebdavLocks } from '@shared/api/fs-locks.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { fsPresignResultSchema } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import { expectError, expectOk, type CallResult } from '@tests/integration/support/http';
import { adminBasic, dav } from '@tests/integration/webdav/dav-harness';
import { drivers, putTo } from '@tests/integration/storage/storage-harness';
import {
  admin,
  formUpload,
  fsCall,
  key,
  list,
  mkdir,
  startFsHarness,
  writeText,
  type FsHarness,
  type Who,
  credentialsOf,
} from './fs-harness';

const lockBody = `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner><D:href>mailto:alice@example.com</D:href></D:owner></D:lockinfo>`;

describe.each(drivers)('WebDAV locks seen by the JSON file API on the %s driver', (name) => {
  let h: FsHarness;
  let keyed: Who;
  let root = '';
  const davPath = (path: string) => `/dav${path}`;

  async function lock(path: string, depth: '0' | 'infinity'): Promise<string> {
    const answer = await dav(h.server.baseUrl, 'LOCK', davPath(path), adminBasic, {
      headers: { depth, timeout: 'Second-600' },
      body: lockBody,
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.headers.get('lock-token') ?? '';
  }

  async function unlock(path: string, token: string): Promise<void> {
    const answer = await dav(h.server.baseUrl, 'UNLOCK', davPath(path), adminBasic, {
      headers: { 'lock-token': token },
    });
    expect(answer.status).toBe(204);
  }

  function expectLocked(result: CallResult, lockedPath: string): void {
    const error = expectError(result, 423, ErrorCode.Conflict);
    expect(error.message).toContain(lockedPath);
    expect(error.message).toContain('mailto:alice@example.com');
    expect(error.message).toMatch(/until \d{4}-\d\d-\d\dT/);
  }

  beforeAll(async () => {
    h = await startFsHarness(name);
    keyed = await key(h);
    root = `${h.mountPath}/locks`;
    await mkdir(h, admin(h), root);
  });
  afterAll(() => h.close());

  it('refuses every change to a locked file, from the admin and from a key, and lets reads through', async () => {
    const file = `${root}/locked.txt`;
    const other = `${root}/other.txt`;
    expect((await writeText(h, admin(h), file, 'v1')).status).toBe(200);
    expect((await writeText(h, admin(h), other, 'other')).status).toBe(200);
    // An upload started before the lock cannot be committed onto the file after it.
    const started = expectOk(
      await fsCall(h, admin(h), 'POST', 'presign', { json: { path: root, fileName: 'locked.txt', fileSize: 2 } }),
      fsPresignResultSchema,
      201,
    );
    expect(
      (await putTo(new URL(started.uploadUrl, h.server.baseUrl).toString(), 'v2', started.contentType)).status,
    ).toBe(200);
    const token = await lock(file, '0');

    for (const who of [admin(h), keyed]) {
      expectLocked(await writeText(h, who, file, 'changed'), file);
      expectLocked(
        await fsCall(h, who, 'POST', 'rename', { json: { oldPath: file, newPath: `${root}/moved.txt` } }),
        file,
      );
      expectLocked(await fsCall(h, who, 'POST', 'rename', { json: { oldPath: other, newPath: file } }), file);
      expectLocked(await fsCall(h, who, 'DELETE', 'remove', { query: { path: file } }), file);
      expectLocked(await fsCall(h, who, 'POST', 'batch-remove', { json: { paths: [other, file] } }), file);
      expectLocked(await formUpload(h, who, root, 'locked.txt', 'uploaded'), file);
      expectLocked(
        await fsCall(h, who, 'POST', 'presign', { json: { path: root, fileName: 'locked.txt', fileSize: 1 } }),
        file,
      );
      const copied = await fsCall(h, who, 'POST', 'batch-copy', {
        json: { items: [{ sourcePath: other, targetPath: file }], skipExisting: false },
      });
      if (copied.status === 200) expect(copied.text).toMatch(/locked: a WebDAV lock/);
      else expectLocked(copied, file);
    }
    expectLocked(await fsCall(h, admin(h), 'POST', 'presign/commit', { json: { uploadId: started.uploadId } }), file);

    // Reads go on; the file and its neighbour are as they were.
    // (The early upload's bytes went straight to storage before the lock; only its commit is refused.)
    expect((await fsCall(h, keyed, 'GET', 'download', { query: { path: file } })).status).toBe(200);
    expect((await fsCall(h, keyed, 'GET', 'get', { query: { path: file } })).status).toBe(200);
    expect((await fsCall(h, admin(h), 'GET', 'download', { query: { path: other } })).text).toBe('other');
    // Listings show who holds the lock and until when, on the file and nothing else.
    const listed = (await list(h, keyed, root)).items;
    expect(listed.find((entry) => entry.name === 'locked.txt')?.lock).toEqual({
      owner: 'mailto:alice@example.com',
      expiresAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(listed.find((entry) => entry.name === 'other.txt')?.lock).toBeUndefined();
    // The lock's holder still writes over /dav with its token.
    const put = await dav(h.server.baseUrl, 'PUT', davPath(file), adminBasic, {
      body: 'by dav',
      headers: { if: `(${token})` },
    });
    expect(put.status).toBe(204);

    await unlock(file, token);
    expect((await writeText(h, keyed, file, 'after unlock')).status).toBe(200);
  });

  it('refuses new members of a folder locked with depth 0, and anything under a depth-infinity lock', async () => {
    const shallow = `${root}/shallow`;
    const deep = `${root}/deep`;
    await mkdir(h, admin(h), shallow);
    await mkdir(h, admin(h), deep);
    await mkdir(h, admin(h), `${deep}/inner`);
    const shallowToken = await lock(shallow, '0');
    const deepToken = await lock(deep, 'infinity');

    expectLocked(await writeText(h, keyed, `${shallow}/new.txt`, 'x'), shallow);
    expectLocked(await fsCall(h, keyed, 'POST', 'mkdir', { json: { path: `${shallow}/sub` } }), shallow);
    expectLocked(await formUpload(h, keyed, shallow, 'form.txt', 'x'), shallow);
    expectLocked(await writeText(h, admin(h), `${deep}/inner/far.txt`, 'x'), deep);
    expectLocked(await fsCall(h, admin(h), 'DELETE', 'remove', { query: { path: `${deep}/inner` } }), deep);
    // Removing or renaming a folder that holds a locked resource is a change to that resource.
    expectLocked(await fsCall(h, admin(h), 'DELETE', 'remove', { query: { path: root } }), root);
    expectLocked(
      await fsCall(h, admin(h), 'POST', 'rename', { json: { oldPath: deep, newPath: `${root}/deeper` } }),
      deep,
    );

    await unlock(shallow, shallowToken);
    await unlock(deep, deepToken);
    expect((await writeText(h, keyed, `${shallow}/new.txt`, 'x')).status).toBe(200);
    expect((await writeText(h, admin(h), `${deep}/inner/far.txt`, 'x')).status).toBe(200);
  });

  it('lets the admin remove a lock a client left behind, and no one else', async () => {
    const file = `${root}/stale.txt`;
    expect((await writeText(h, admin(h), file, 'v1')).status).toBe(200);
    await lock(file, '0');
    expectLocked(await writeText(h, keyed, file, 'v2'), file);
    await testApi(h.server.baseUrl, credentialsOf(keyed)).fails(
      removeWebdavLocks,
      { body: { path: file } },
      403,
      ErrorCode.Forbidden,
    );
    const removed = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(removeWebdavLocks, { body: { path: file } }),
      fsUnlockResultSchema,
    );
    expect(removed).toEqual({ path: file, removed: 1 });
    expect((await writeText(h, keyed, file, 'v2')).status).toBe(200);
    expect((await dav(h.server.baseUrl, 'PUT', davPath(file), adminBasic, { body: 'v3' })).status).toBe(204);
  });
});
