// Sweeper task for uploads through file requests abandoned for a day: the storage multipart
// upload is aborted, the object deleted (its key is this upload's alone, never a file that was
// there before), the mount upload's reservation freed and the pending row removed.
import { PENDING_UPLOAD_TTL_MS } from '@shared/limits';
import type { Repositories } from '@server/db/repositories';
import type { SweepTask } from '@server/jobs/sweeper';
import type { StorageRegistry } from '@server/storage/storage-registry';
import { FsUploadRecordsService } from '@server/modules/fs/fs-upload-records.service';
import { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';

const batchSize = 200;

/** How long a delivered or abandoned webhook delivery stays for the owner to see. */
export const settledDeliveryTtlMs = 30 * 24 * 60 * 60 * 1000;

export function createFileRequestSweepTask(
  repos: Pick<Repositories, 'fileRequests' | 'fsUploads' | 'storageConfigs'>,
  storage: StorageRegistry,
): SweepTask {
  // The mount upload and the storage behind a request upload, through the fs and storage-configs domains' services.
  const fsUploads = new FsUploadRecordsService(repos);
  const configs = new StorageConfigLookupService(repos);
  return {
    name: 'file-request-uploads',
    async run(now) {
      let removed = 0;
      const cutoff = new Date(now - PENDING_UPLOAD_TTL_MS).toISOString();
      for (const upload of await repos.fileRequests.stalePending(cutoff, batchSize)) {
        const fsRow = upload.fs_upload_id === null ? undefined : await fsUploads.find(upload.fs_upload_id);
        const config = upload.storage_config_id === null ? undefined : await configs.byId(upload.storage_config_id);
        try {
          if (config !== undefined && upload.storage_key !== null) {
            const driver = await storage.driverFor(config);
            if (fsRow?.upload_id != null) await driver.abortMultipart(upload.storage_key, fsRow.upload_id);
            await driver.deleteMany([upload.storage_key]);
          }
        } catch {
          continue; // Storage unreachable: the next pass tries again.
        }
        if (fsRow !== undefined) await fsUploads.remove(fsRow.id);
        if (await repos.fileRequests.deleteUpload(upload.id)) removed += 1;
      }
      const settledBefore = new Date(now - settledDeliveryTtlMs).toISOString();
      return removed + (await repos.fileRequests.deliveries.deleteSettledBefore(settledBefore));
    },
  };
}
