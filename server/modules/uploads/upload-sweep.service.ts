// Sweeper task for file shares: uploads presigned but never committed within 24 h (with their
// objects and multipart uploads), expired or used-up shares with their objects (leaving a
// tombstone, so their slugs answer 410), and tombstones older than 30 days. A removed share's
// object leaves the explorer's index too, so search stops finding it at once.
import { PENDING_UPLOAD_TTL_MS } from '@shared/limits';
import type { Repositories } from '@server/db/repositories';
import type { SweepTask } from '@server/jobs/sweeper';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { FsShareIndex } from '@server/modules/fs/fs-share-index.service';
import { ShareRecordsService } from '@server/modules/files/share-records.service';
import { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import { TOMBSTONE_TTL_MS } from '@server/modules/pastes/paste-sweep.service';

/** The browser forgets its unfinished uploads after the same time (resumable uploads). */
export const pendingUploadTtlMs = PENDING_UPLOAD_TTL_MS;
/** How long an expired or used-up share stays (answering 410) before its object goes: its last delivery may still be streaming. */
export const settledShareGraceMs = 6 * 60 * 60 * 1000;
const batchSize = 200;

export function createUploadSweepTask(
  repos: Pick<Repositories, 'files' | 'storageConfigs' | 'mounts' | 'fsEntries'>,
  storage: StorageRegistry,
  shares?: Pick<FsShareIndex, 'removed'>,
): SweepTask {
  // The shares and their storage, through the files and storage-configs domains' services.
  const records = new ShareRecordsService(repos);
  const configs = new StorageConfigLookupService(repos);
  return {
    name: 'file-shares',
    async run(now) {
      const rows = await records.sweepable(
        new Date(now - pendingUploadTtlMs).toISOString(),
        new Date(now - settledShareGraceMs).toISOString(),
        batchSize,
      );
      let removed = 0;
      for (const row of rows) {
        const config = await configs.byId(row.storage_config_id);
        // A share made from the explorer reads the mount's own file: only the share goes.
        if (config !== undefined && row.source_path === null) {
          const driver = await storage.driverFor(config);
          if (row.upload_id !== null) await driver.abortMultipart(row.storage_path, row.upload_id);
          await driver.deleteMany([row.storage_path]);
          await shares?.removed(repos, config.id, row.storage_path);
        }
        if (await records.sweep(row, new Date(now).toISOString())) removed += 1;
      }
      return removed + (await records.pruneTombstones(new Date(now - TOMBSTONE_TTL_MS).toISOString()));
    },
  };
}
