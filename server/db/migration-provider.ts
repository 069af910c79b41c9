// Migrations are imported statically (not read from disk) so they work the same under tsx,
// vitest and any bundler. Names sort in execution order; never rename or edit a shipped one.
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as initialSchema from './migrations/0001-initial-schema';
import * as fileUploadId from './migrations/0002-file-upload-id';
import * as pasteFormat from './migrations/0003-paste-format';
import * as idempotencyRequestHash from './migrations/0004-idempotency-request-hash';
import * as filePartSize from './migrations/0005-file-part-size';
import * as pasteTombstones from './migrations/0006-paste-tombstones';
import * as fsIndex from './migrations/0007-fs-index';
import * as fileTombstones from './migrations/0008-file-tombstones';
import * as webdav from './migrations/0009-webdav';
import * as attemptCounts from './migrations/0010-attempt-counts';
import * as fileViewTokens from './migrations/0011-file-view-tokens';
import * as fileRequests from './migrations/0012-file-requests';
import * as thumbnails from './migrations/0013-thumbnails';
import * as mountShares from './migrations/0015-mount-shares';
import * as e2ee from './migrations/0016-e2ee';
import * as fileRequestDeliveries from './migrations/0017-file-request-deliveries';
import * as e2eeLock from './migrations/0018-e2ee-lock';

const migrations: Record<string, Migration> = {
  '0001_initial_schema': initialSchema,
  '0002_file_upload_id': fileUploadId,
  '0003_paste_format': pasteFormat,
  '0004_idempotency_request_hash': idempotencyRequestHash,
  '0005_file_part_size': filePartSize,
  '0006_paste_tombstones': pasteTombstones,
  '0007_fs_index': fsIndex,
  '0008_file_tombstones': fileTombstones,
  '0009_webdav': webdav,
  '0010_attempt_counts': attemptCounts,
  '0011_file_view_tokens': fileViewTokens,
  '0012_file_requests': fileRequests,
  '0013_thumbnails': thumbnails,
  '0015_mount_shares': mountShares,
  '0016_e2ee': e2ee,
  '0017_file_request_deliveries': fileRequestDeliveries,
  '0018_e2ee_lock': e2eeLock,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
