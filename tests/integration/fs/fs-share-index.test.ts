// File shares enter the explorer's index as they are committed: the explorer's search finds a
// share uploaded through presign → PUT → commit or the one-request form right after the commit,
// with no refresh, under the shares folder of every mount showing its storage, and its bytes are
// counted once (as a share), not again as an explorer file. Deleting the share, or the sweeper
// removing it once it expired, takes it out again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commitUpload,
  completeMultipartUpload,
  formUpload as formUploadEndpoint,
  initMultipartUpload,
} from '@shared/api/upload.endpoints';
import { adminFileEndpoints } from '@shared/api/file.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { fsSearchResultSchema } from '@shared/api/fs.schema';
import {
  commitResponseSchema,
  multipartCompleteResponseSchema,
  multipartInitResponseSchema,
  type CommitResponse,
} from '@shared/api/upload.schema';
import { createRepositories } from '@server/db/repositories';
import { CacheRegistry } from '@server/lib/cache/cache-registry';
import { systemClock } from '@server/lib/clock';
import { FsIndex } from '@server/modules/fs/fs-index';
import { FsShareIndex } from '@server/modules/fs/fs-share-index.service';
import { MountService } from '@server/modules/mounts/mount.service';
import { createUploadSweepTask, settledShareGraceMs } from '@server/modules/uploads/upload-sweep.service';
import { expectOk } from '@tests/integration/support/http';
import { drivers, putTo, randomBytesOf, uploadFile } from '@tests/integration/storage/storage-harness';
import { admin, fsCall, list, namesOf, startFsHarness, type FsHarness } from './fs-harness';

describe.each(drivers)('file shares in the explorer index on the %s driver', (name) => {
  let h: FsHarness;
  beforeAll(async () => {
    h = await startFsHarness(name);
  });
  afterAll(() => h.close());

  const search = async (q: string) =>
    expectOk(await fsCall(h, admin(h), 'GET', 'search', { query: { q } }), fsSearchResultSchema).results;

  const formUpload = async (filename: string, bytes: Uint8Array): Promise<CommitResponse> => {
    const form = new FormData();
    form.set('s3_config_id', h.configId);
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), filename);
    return expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(formUploadEndpoint, { body: form }),
      commitResponseSchema,
      201,
    );
  };

  const asAdminApi = () => testApi(h.server.baseUrl, asAdmin(h.token));

  /** multipart init → PUT the one part → complete → commit. */
  const multipartUpload = async (filename: string, bytes: Uint8Array): Promise<CommitResponse> => {
    const init = expectOk(
      await asAdminApi().send(initMultipartUpload, {
        body: {
          s3_config_id: h.configId,
          filename,
          mimetype: 'text/plain',
          size: bytes.length,
        },
      }),
      multipartInitResponseSchema,
      201,
    );
    const parts = [];
    for (const { partNumber, url } of init.presigned_urls) {
      const put = await putTo(url, bytes);
      expect(put.status, put.text).toBe(200);
      parts.push({ partNumber, etag: put.etag });
    }
    const ids = { file_id: init.file_id, upload_id: init.upload_id };
    const done = expectOk(
      await asAdminApi().send(completeMultipartUpload, { body: { ...ids, parts } }),
      multipartCompleteResponseSchema,
    );
    return expectOk(
      await asAdminApi().send(commitUpload, { body: { file_id: init.file_id, etag: done.etag, size: bytes.length } }),
      commitResponseSchema,
    );
  };

  const indexRow = (path: string) =>
    h.server.db
      .selectFrom('fs_entries')
      .select(['counted', 'size'])
      .where('mount_id', '=', h.mountId)
      .where('path', '=', path)
      .executeTakeFirst();

  it.each([
    ['presign and commit', (filename: string, bytes: Uint8Array) => uploadFile(h, filename, bytes)],
    ['the form upload', formUpload],
    ['a multipart upload', multipartUpload],
  ])('finds a share uploaded through %s right after the commit, in the shares folder', async (_, upload) => {
    const stem = `share-${randomUUID().slice(0, 8)}`;
    // A searched-for name that is not there yet: an empty answer is not kept to hide the share.
    expect(await search(stem)).toEqual([]);
    // The mount's root listed (and cached) before the upload, as an open explorer would have it.
    await list(h, admin(h), h.mountPath);
    const bytes = randomBytesOf(2_000, 5);
    const committed = await upload(`${stem}.txt`, bytes);
    expect(committed.storage_path).toMatch(new RegExp(`^shares/[A-Za-z0-9]{6}-${stem}\\.txt$`));

    const hits = await search(stem);
    expect(hits.map((hit) => hit.path)).toEqual([`${h.mountPath}/${committed.storage_path}`]);
    expect(hits[0]).toMatchObject({ isDirectory: false, size: bytes.length, mount_id: h.mountId });
    expect(namesOf((await list(h, admin(h), h.mountPath)).items)).toContain('shares');
    expect(await indexRow(`/${committed.storage_path}`)).toEqual({ counted: 0, size: bytes.length });

    // Deleting the share takes it out of the index again: search no longer finds it.
    const removed = await testApi(h.server.baseUrl, asAdmin(h.token)).send(adminFileEndpoints.remove, {
      params: { id: committed.id },
    });
    expect(removed.status, removed.text).toBe(200);
    expect(await search(stem)).toEqual([]);
    expect(await indexRow(`/${committed.storage_path}`)).toBeUndefined();
  });

  it('forgets a share the sweeper removes once it expired: search no longer finds it', async () => {
    const stem = `expiring-${randomUUID().slice(0, 8)}`;
    const committed = await uploadFile(h, `${stem}.txt`, randomBytesOf(1_000, 6));
    expect(await indexRow(`/${committed.storage_path}`)).toBeDefined();
    const past = new Date(Date.now() - 60_000).toISOString();
    await h.server.db.updateTable('files').set({ expires_at: past }).where('id', '=', committed.id).execute();

    const repos = createRepositories(h.server.db);
    const caches = new CacheRegistry(systemClock);
    const shares = new FsShareIndex(new FsIndex(caches), new MountService(repos, systemClock, caches));
    const sweep = createUploadSweepTask(repos, h.storage, shares);
    expect(await sweep.run(Date.now() + settledShareGraceMs + 60_000)).toBeGreaterThanOrEqual(1);
    expect(await indexRow(`/${committed.storage_path}`)).toBeUndefined();
    expect(await search(stem)).toEqual([]);
  });
});
