import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsMultipartInitResultSchema, fsSearchResultSchema } from '@shared/api/fs.schema';
import { createRepositories } from '@server/db/repositories';
import { CacheRegistry } from '@server/lib/cache/cache-registry';
import { systemClock } from '@server/lib/clock';
import { createLogger } from '@server/lib/logger';
import { FsReindexer } from '@server/modules/fs/fs-reindex.service';
import { createFsUploadSweepTask, FS_UPLOAD_TTL_MS } from '@server/modules/fs/fs-upload-sweep';
import { MountService } from '@server/modules/mounts/mount.service';
import { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import { expectOk } from '@tests/integration/support/http';
import { drivers } from '@tests/integration/storage/storage-harness';
import { admin, fsCall, mkdir, putManyDirect, startFsHarness, type FsHarness } from './fs-harness';

const MiB = 1024 * 1024;

describe.each(drivers)('explorer sweeps on the %s driver', (name) => {
  let h: FsHarness;
  beforeAll(async () => {
    h = await startFsHarness(name);
  });
  afterAll(() => h.close());

  it('frees uploads abandoned for 24 hours and aborts their multipart uploads', async () => {
    await mkdir(h, admin(h), `${h.mountPath}/abandoned`);
    const init = expectOk(
      await fsCall(h, admin(h), 'POST', 'multipart/init', {
        json: { path: `${h.mountPath}/abandoned`, fileName: 'left.bin', fileSize: 6 * MiB },
      }),
      fsMultipartInitResultSchema,
      201,
    );
    const row = await h.server.db
      .selectFrom('fs_uploads')
      .selectAll()
      .where('id', '=', init.uploadId)
      .executeTakeFirstOrThrow();
    const driver = await h.driver();
    expect(await driver.listParts(row.storage_key, row.upload_id ?? '')).toEqual([]);
    const repos = createRepositories(h.server.db);
    const task = createFsUploadSweepTask(repos, h.storage, new StorageConfigLookupService(repos));
    expect(await task.run(Date.now())).toBe(0);
    expect(await task.run(Date.now() + FS_UPLOAD_TTL_MS + 60_000)).toBeGreaterThanOrEqual(1);
    expect(await h.server.db.selectFrom('fs_uploads').select('id').where('id', '=', init.uploadId).execute()).toEqual(
      [],
    );
    await expect(driver.listParts(row.storage_key, row.upload_id ?? '')).rejects.toThrow(/multipart upload/);
  });

  it('reindexes a mount in bounded passes, each resuming where the last stopped', async () => {
    const keys = Array.from(
      { length: 1_200 },
      (_, i) => `swept/batch-${i % 7}/swept-object-${String(i).padStart(5, '0')}.txt`,
    );
    await putManyDirect(h, keys, 32);
    // 500 objects per pass (5,000 in the server) so a few passes are needed.
    const repos = createRepositories(h.server.db);
    const caches = new CacheRegistry(systemClock);
    const reindexer = new FsReindexer(
      repos,
      new MountService(repos, systemClock, caches),
      new StorageConfigLookupService(repos),
      h.storage,
      caches,
      systemClock,
      createLogger({ level: 'silent' }),
      500,
    );
    const task = reindexer.sweepTask();
    const searchTotal = async () =>
      expectOk(await fsCall(h, admin(h), 'GET', 'search', { query: { q: 'swept-object-0051' } }), fsSearchResultSchema)
        .total;
    expect(await searchTotal()).toBe(0);
    // As if the mount's last index were over an hour old.
    const later = Date.now() + 2 * 3600_000;
    let passes = 0;
    for (; passes < 20; passes += 1) {
      await task.run(later);
      const state = await h.server.db
        .selectFrom('fs_index_state')
        .selectAll()
        .where('mount_id', '=', h.mountId)
        .executeTakeFirst();
      if (
        state?.cursor === null &&
        state.indexed_at !== null &&
        Date.parse(state.indexed_at) > Date.now() - 60_000 &&
        state.entry_count > 1_000
      )
        break;
    }
    expect(passes).toBeGreaterThanOrEqual(2);
    const state = await h.server.db
      .selectFrom('fs_index_state')
      .selectAll()
      .where('mount_id', '=', h.mountId)
      .executeTakeFirstOrThrow();
    expect(state).toMatchObject({ cursor: null, storage_config_id: h.configId });
    expect(state.entry_count).toBeGreaterThanOrEqual(1_200 + 8);
    expect(await searchTotal()).toBe(10);
    expect(await task.run(Date.now())).toBe(0);
  });
});
