// Share uploads: presign or multipart straight to storage, then commit; the one-request form
// upload; and the local driver's signed blob URLs, which take a PUT only while an upload to that
// key is pending (a share upload, or an explorer upload).
import { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { FsShareIndex } from '@server/modules/fs/fs-share-index.service';
import type { FsUploadService } from '@server/modules/fs/fs-upload.service';
import type { ShareRecordsService } from '@server/modules/files/share-records.service';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import type { StorageConfigService } from '@server/modules/storage-configs/storage-config.service';
import { blobRoutes } from './blob.routes';
import { LocalBlobEndpoint } from './local-blob-endpoint';
import { FormUploadService } from './upload-form.service';
import { UploadGate } from './upload-gate';
import type { UploadLimits } from './upload-limits.service';
import { MultipartUploadService } from './upload-multipart.service';
import { UploadService } from './upload.service';
import { uploadsRoutes } from './uploads.routes';

export type UploadsModuleDeps = {
  repos: Repositories;
  clock: Clock;
  storage: StorageRegistry;
  storageConfigs: StorageConfigService;
  configLookup: StorageConfigLookupService;
  /** The files domain's share records: uploads write their share rows through them. */
  records: ShareRecordsService;
  limits: UploadLimits;
  shares: FsShareIndex;
  /** The explorer's uploads: the local blob endpoint also takes a PUT one of them awaits. */
  mountUploads: Pick<FsUploadService, 'expectsPut'>;
  trustProxy: boolean;
};

export function createUploadsModule({
  repos,
  clock,
  storage,
  storageConfigs,
  configLookup,
  records,
  limits,
  shares,
  mountUploads,
  trustProxy,
}: UploadsModuleDeps) {
  const gate = new UploadGate(records);
  const uploads = new UploadService(repos, records, clock, storageConfigs, storage, limits, shares);
  const multipart = new MultipartUploadService(uploads);
  const putGate = {
    allows: async (configId: string, key: string) =>
      (await gate.allows(configId, key)) || mountUploads.expectsPut(configId, key),
  };
  const blobs = new LocalBlobEndpoint(configLookup, storage, storage.deps.blobSigner, clock, putGate);
  const routes = new Hono<AppEnv>();
  routes.route('/', uploadsRoutes({ uploads, multipart, form: new FormUploadService(uploads), trustProxy }));
  routes.route('/', blobRoutes(blobs));
  return { uploads, multipart, gate, routes };
}
