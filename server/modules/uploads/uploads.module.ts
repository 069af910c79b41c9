// Share uploads: presign or multipart straight to storage, then commit; the one-request form
// upload; and the local driver's signed blob URLs, which take a PUT only while an upload to that
// key is pending (a share upload, or an explorer upload).
import { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Repositories } from '@server/db/repositories';
import type { Clock } from '@server/lib/clock';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { FsShareIndex } from '@server/modules/fs/fs-share-index.service';
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
  limits: UploadLimits;
  shares: FsShareIndex;
  trustProxy: boolean;
};

export function createUploadsModule({
  repos,
  clock,
  storage,
  storageConfigs,
  limits,
  shares,
  trustProxy,
}: UploadsModuleDeps) {
  const gate = new UploadGate(repos.files);
  const uploads = new UploadService(repos, clock, storageConfigs, storage, limits, shares);
  const multipart = new MultipartUploadService(uploads);
  const putGate = {
    allows: async (configId: string, key: string) =>
      (await gate.allows(configId, key)) || repos.fsUploads.expectsPut(configId, key),
  };
  const blobs = new LocalBlobEndpoint(repos.storageConfigs, storage, storage.deps.blobSigner, clock, putGate);
  const routes = new Hono<AppEnv>();
  routes.route('/', uploadsRoutes({ uploads, multipart, form: new FormUploadService(uploads), trustProxy }));
  routes.route('/', blobRoutes(blobs));
  return { uploads, multipart, gate, routes };
}
