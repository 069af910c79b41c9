// Sweeper task for file shares: uploads presigned but never committed within 24 h (with their
// objects and multipart uploads), and expired or used-up shares with their objects.
import type { Repositories } from '../../db/repositories';
import type { SweepTask } from '../../jobs/sweeper';
import type { StorageRegistry } from '../../storage/storage-registry';

export const pendingUploadTtlMs = 24 * 60 * 60 * 1000;
const batchSize = 200;

export function createUploadSweepTask(repos: Pick<Repositories, 'files' | 'storageConfigs'>, storage: StorageRegistry): SweepTask {
  const files = repos.files;
  const configs = repos.storageConfigs;
  return {
    name: 'file-shares',
    async run(now) {
      const rows = await files.sweepable(new Date(now - pendingUploadTtlMs).toISOString(), new Date(now).toISOString(), batchSize);
      let removed = 0;
      for (const row of rows) {
        const config = await configs.findById(row.storage_config_id);
        if (config !== undefined) {
          const driver = await storage.driverFor(config);
          if (row.upload_id !== null) await driver.abortMultipart(row.storage_path, row.upload_id);
          await driver.deleteMany([row.storage_path]);
        }
        if (await files.delete(row.id)) removed += 1;
      }
      return removed;
    },
  };
}
