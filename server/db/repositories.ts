// Every repository, built once in the composition root and handed to the services that need
// them. `transaction` gives the same set bound to one transaction, so a change and the record
// that guards it (an idempotency key, a quota reservation) commit together or not at all.
import type { Kysely } from 'kysely';
import { ApiKeyRepo } from '@server/modules/api-keys/api-key.repo';
import { AdminTokenRepo } from '@server/modules/auth/admin-token.repo';
import { AdminRepo } from '@server/modules/auth/admin.repo';
import { DashboardRepo } from '@server/modules/dashboard/dashboard.repo';
import { FileRepo } from '@server/modules/files/file.repo';
import { FileViewTokenRepo } from '@server/modules/files/file-views.repo';
import { FileRequestRepo } from '@server/modules/file-requests/file-request.repo';
import { FsEntryRepo } from '@server/modules/fs/fs-entry.repo';
import { FsUploadRepo } from '@server/modules/fs/fs-upload.repo';
import { IdempotencyRepo } from '@server/modules/idempotency/idempotency.repo';
import { MountRepo } from '@server/modules/mounts/mount.repo';
import { PasteSettingsRepo } from '@server/modules/pastes/paste-settings.repo';
import { PasteRepo } from '@server/modules/pastes/paste.repo';
import { SystemSettingsRepo } from '@server/modules/settings/system-settings.repo';
import { StorageConfigRepo } from '@server/modules/storage-configs/storage-config.repo';
import { SystemRepo } from '@server/modules/system/system.repo';
import { WebdavLockRepo } from '@server/modules/webdav/webdav-lock.repo';
import { WebdavPropRepo } from '@server/modules/webdav/webdav-prop.repo';
import { inTransaction } from './in-transaction';
import type { Database } from './schema';

export type Repositories = {
  admins: AdminRepo;
  adminTokens: AdminTokenRepo;
  apiKeys: ApiKeyRepo;
  pastes: PasteRepo;
  pasteSettings: PasteSettingsRepo;
  files: FileRepo;
  storageConfigs: StorageConfigRepo;
  mounts: MountRepo;
  systemSettings: SystemSettingsRepo;
  dashboard: DashboardRepo;
  system: SystemRepo;
  idempotency: IdempotencyRepo;
  fsEntries: FsEntryRepo;
  fsUploads: FsUploadRepo;
  webdavLocks: WebdavLockRepo;
  webdavProps: WebdavPropRepo;
  fileViewTokens: FileViewTokenRepo;
  fileRequests: FileRequestRepo;
  /** Runs `work` with repositories bound to one transaction (joining the current one, if any). */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
};

export function createRepositories(db: Kysely<Database>): Repositories {
  return {
    admins: new AdminRepo(db),
    adminTokens: new AdminTokenRepo(db),
    apiKeys: new ApiKeyRepo(db),
    pastes: new PasteRepo(db),
    pasteSettings: new PasteSettingsRepo(db),
    files: new FileRepo(db),
    storageConfigs: new StorageConfigRepo(db),
    mounts: new MountRepo(db),
    systemSettings: new SystemSettingsRepo(db),
    dashboard: new DashboardRepo(db),
    system: new SystemRepo(db),
    idempotency: new IdempotencyRepo(db),
    fsEntries: new FsEntryRepo(db),
    fsUploads: new FsUploadRepo(db),
    webdavLocks: new WebdavLockRepo(db),
    webdavProps: new WebdavPropRepo(db),
    fileViewTokens: new FileViewTokenRepo(db),
    fileRequests: new FileRequestRepo(db),
    transaction: (work) => inTransaction(db, (trx) => work(createRepositories(trx))),
  };
}
