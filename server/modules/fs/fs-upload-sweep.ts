// Sweeper task for mount uploads abandoned for 24 hours: the storage multipart upload is aborted
// and the reservation freed. A single presigned PUT leaves its object alone: it may have replaced
// a file that was there before, and the next reindex finds it either way.
import type { Repositories } from '@server/db/repositories';
import type { SweepTask } from '@server/jobs/sweeper';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';

export const FS_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const batchSize = 200;

export function createFsUploadSweepTask(
  repos: Pick<Repositories, 'fsUploads'>,
  storage: StorageRegistry,
  configs: Pick<StorageConfigLookupService, 'byId'>,
): SweepTask {
  return {
    name: 'fs-uploads',
    async run(now) {
      let removed = 0;
      for (const row of await repos.fsUploads.stale(new Date(now - FS_UPLOAD_TTL_MS).toISOString(), batchSize)) {
        const config = await configs.byId(row.storage_config_id);
        try {
          if (config !== undefined && row.upload_id !== null)
            await (await storage.driverFor(config)).abortMultipart(row.storage_key, row.upload_id);
        } catch {
          continue; // Storage unreachable: the next pass tries again, the reservation holds until then.
        }
        if (await repos.fsUploads.delete(row.id)) removed += 1;
      }
      return removed;
    },
  };
}
