// Moves across storages over the real server (the local folder to radosgw and back), on SQLite
// and PostgreSQL: move answers batch-copy's plan, the transfer worker (run in Node) carries each
// file and records it with move-commit, which deletes each source only after checking its target,
// then the emptied source folders. A commit whose target does not match keeps the source.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMounts } from '@shared/api/mounts.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { fsMoveCommitResultSchema, fsMoveResultSchema } from '@shared/api/fs-move.schema';
import { fsEntryDetailSchema, fsSearchResultSchema } from '@shared/api/fs.schema';
import { mountListSchema } from '@shared/api/mount.schema';
import type { TransferWorkerApi } from '@workers/protocol';
import { createWorkerEndpoint } from '@workers/worker-endpoint';
import { expectOk } from '@tests/integration/support/http';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { fetchBytes, randomBytesOf } from '@tests/integration/storage/storage-harness';
import { admin, formUpload, fsCall, mkdir, startFsHarness, type FsHarness } from './fs-harness';

describe.each(['sqlite', 'postgres'] as const)('move across storages on %s', (database) => {
  let h: FsHarness;
  let local: string;
  let worker: TransferWorkerApi;
  beforeAll(async () => {
    const env = database === 'postgres' ? { DATABASE_URL: await createTestDatabase('fs_move') } : {};
    h = await startFsHarness('s3', { env });
    const mounts = expectOk(await testApi(h.server.baseUrl, asAdmin(h.token)).send(listMounts, {}), mountListSchema);
    local = mounts.find((mount) => mount.storage_type === 'local')?.mount_path ?? '';
    expect(local).not.toBe('');
    worker = createWorkerEndpoint({ fetch: globalThis.fetch });
    worker.configure({ baseUrl: `${h.server.baseUrl}/api`, credentials: { scheme: 'admin', token: h.token } });
  });
  afterAll(() => h.close());

  const exists = async (path: string) => (await fsCall(h, admin(h), 'GET', 'get', { query: { path } })).status === 200;
  const bytesAt = async (path: string) => {
    const detail = expectOk(await fsCall(h, admin(h), 'GET', 'get', { query: { path } }), fsEntryDetailSchema);
    return Buffer.from((await fetchBytes(new URL(detail.download_url ?? '', h.server.baseUrl).toString())).bytes);
  };
  const hits = async (q: string) =>
    expectOk(await fsCall(h, admin(h), 'GET', 'search', { query: { q } }), fsSearchResultSchema).results.map(
      (hit) => hit.path,
    );

  it('moves a folder from the local folder to radosgw through the worker, and back', async () => {
    const src = `${local}/mv-src`;
    for (const folder of [src, `${src}/one`, `${src}/one/two`]) await mkdir(h, admin(h), folder);
    const content = new Map<string, Buffer>([
      ['top.txt', randomBytesOf(900, 1)],
      ['one/two/moved-across.txt', randomBytesOf(7000, 2)],
    ]);
    for (const [name, bytes] of content) {
      const cut = name.lastIndexOf('/');
      const folder = cut === -1 ? src : `${src}/${name.slice(0, cut)}`;
      expect((await formUpload(h, admin(h), folder, name.slice(cut + 1), bytes)).status).toBe(201);
    }
    for (const [from, to] of [
      [src, `${h.mountPath}/mv-dst`],
      [`${h.mountPath}/mv-dst`, `${local}/mv-back`],
    ] as const) {
      const plan = expectOk(
        await fsCall(h, admin(h), 'POST', 'move', { json: { items: [{ sourcePath: from, targetPath: to }] } }),
        fsMoveResultSchema,
      );
      expect(plan).toMatchObject({ requiresClientSideCopy: true, success: 0 });
      expect(plan.details[0]).toMatchObject({ status: 'planned', isDirectory: true, files: 2 });
      const result = await worker.copyAcrossStorages({
        id: `move-${to}`,
        scope: 'admin',
        plan: plan.crossStorageResults,
        move: { sourceFolders: [from] },
      });
      expect(result).toMatchObject({ status: 'completed', failed: [] });
      expect(await exists(from)).toBe(false);
      for (const [name, bytes] of content) expect((await bytesAt(`${to}/${name}`)).equals(bytes)).toBe(true);
      expect(await hits('moved-across')).toEqual([`${to}/one/two/moved-across.txt`]);
    }
    expect(await h.server.db.selectFrom('fs_uploads').select('id').execute()).toEqual([]);
  });

  it('keeps the source when the target does not hold its bytes', async () => {
    await mkdir(h, admin(h), `${local}/mv-keep`);
    expect((await formUpload(h, admin(h), `${local}/mv-keep`, 'kept.txt', 'twelve bytes')).status).toBe(201);
    expect((await formUpload(h, admin(h), h.mountPath, 'kept.txt', 'other')).status).toBe(201);
    const answer = expectOk(
      await fsCall(h, admin(h), 'POST', 'move-commit', {
        json: {
          targetMountId: h.mountId,
          files: [{ sourcePath: `${local}/mv-keep/kept.txt`, targetPath: `${h.mountPath}/kept.txt`, fileSize: 12 }],
          sourceFolders: [`${local}/mv-keep`],
        },
      }),
      fsMoveCommitResultSchema,
    );
    expect(answer.success).toEqual([]);
    expect(answer.failed).toMatchObject([{ sourcePath: `${local}/mv-keep/kept.txt`, code: 'VALIDATION_FAILED' }]);
    expect(answer.removedFolders).toEqual([]);
    expect((await bytesAt(`${local}/mv-keep/kept.txt`)).toString()).toBe('twelve bytes');
  });
});
