// Row types for every table, as Kysely sees them. Booleans are integers (0/1) and timestamps
// are ISO-8601 UTC strings so that SQLite and PostgreSQL store the same values.
import type { Generated, Insertable, Selectable } from 'kysely';
import type { PasteFormat } from '@shared/api/paste.schema';

export interface AdminsTable {
  id: string;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface AdminTokensTable {
  token_hash: string;
  admin_id: string;
  expires_at: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  text_permission: Generated<number>;
  file_permission: Generated<number>;
  mount_permission: Generated<number>;
  read_only: Generated<number>;
  basic_path: Generated<string>;
  last_used_at: string | null;
  expires_at: string | null;
  created_at: string;
}

export interface StorageConfigsTable {
  id: string;
  name: string;
  driver: 'local' | 's3';
  provider_type: string;
  endpoint_url: string | null;
  bucket_name: string | null;
  region: string | null;
  access_key_id: string | null;
  secret_access_key_enc: string | null;
  path_style: Generated<number>;
  default_folder: Generated<string>;
  is_public: Generated<number>;
  is_default: Generated<number>;
  total_storage_bytes: number | null;
  custom_host: string | null;
  signature_expires_in: Generated<number>;
  use_proxy: Generated<number>;
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
  admin_id: string | null;
}

export interface PastesTable {
  id: string;
  slug: string;
  content: string;
  format: Generated<PasteFormat>;
  remark: string | null;
  password_hash: string | null;
  expires_at: string | null;
  max_views: number | null;
  views: Generated<number>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** 1 when the content is text sealed in the browser (docs/encryption.md). */
  e2ee: Generated<number>;
  /** JSON of its lock (key check, passphrase parameters) when it has one (docs/encryption.md). */
  e2ee_lock: string | null;
}

export interface FilesTable {
  id: string;
  slug: string;
  filename: string;
  storage_path: string;
  mimetype: string;
  s3_url: string | null;
  size: number;
  storage_config_id: string;
  remark: string | null;
  password_hash: string | null;
  expires_at: string | null;
  max_views: number | null;
  views: Generated<number>;
  use_proxy: Generated<number>;
  etag: string | null;
  status: 'pending' | 'committed';
  /** The multipart upload of a pending share, if it uses one. */
  upload_id: string | null;
  /** The part size a multipart share was planned with, its part links signed for; null for a single PUT. */
  part_size: number | null;
  /** A share made from the explorer: the file's path in its mount (its bytes stay there); null for uploads. */
  source_path: Generated<string | null>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** The header of an end-to-end encrypted file (JSON, docs/encryption.md); null for a plain one. */
  e2ee: string | null;
}

export interface StorageMountsTable {
  id: string;
  name: string;
  storage_type: string;
  storage_config_id: string;
  mount_path: string;
  remark: string | null;
  is_active: Generated<number>;
  sort_order: Generated<number>;
  cache_ttl: Generated<number>;
  created_by: string;
  created_at: string;
  updated_at: string;
  last_refresh_at: string | null;
}

export interface SystemSettingsTable {
  key: string;
  value: string;
  description: string | null;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  key: string;
  scope: string;
  response_json: string;
  /** SHA-256 (hex) of the request body answered; null on rows stored before it was kept. */
  request_hash: string | null;
  created_at: string;
}

/** Slugs of pastes deleted after their last view or expiry; they answer 410 until pruned. */
export interface PasteTombstonesTable {
  slug: string;
  retired_at: string;
}

export interface FileTombstonesTable {
  slug: string;
  retired_at: string;
}

/** One file or folder of a mount, as the search index knows it. */
export interface FsEntriesTable {
  id: Generated<number>;
  mount_id: string;
  /** The path inside the mount (`/2024/a.jpg`), so a mount can move; folders without a trailing slash. */
  path: string;
  parent: string;
  name: string;
  is_dir: number;
  size: number;
  modified: string | null;
  etag: string | null;
  content_type: string | null;
  /** 1 when Clipdock wrote the file, so its bytes count against the storage quota. */
  counted: Generated<number>;
  /** The reindex run that last saw the entry; a finished run drops entries it did not see. */
  generation: Generated<number>;
}

/** A mount upload in flight; its `size` is reserved against the storage quota until it ends. */
export interface FsUploadsTable {
  id: string;
  mount_id: string;
  storage_config_id: string;
  path: string;
  storage_key: string;
  content_type: string;
  size: number;
  /** The storage's multipart upload id; null for a single presigned PUT or a streamed upload. */
  upload_id: string | null;
  part_size: number | null;
  created_by: string;
  created_at: string;
}

/** Per-mount reindex progress: the current generation and, mid-run, where listing resumes. */
export interface FsIndexStateTable {
  mount_id: string;
  generation: Generated<number>;
  /** The storage the index was built from; a mount moved to another storage is reindexed afresh. */
  storage_config_id: string | null;
  cursor: string | null;
  started_at: string | null;
  indexed_at: string | null;
  entry_count: Generated<number>;
}

/** A WebDAV write lock on a canonical explorer path (and, with depth `infinity`, everything below). */
export interface WebdavLocksTable {
  /** `opaquelocktoken:<uuid>`. */
  token: string;
  path: string;
  depth: '0' | 'infinity';
  scope: 'exclusive' | 'shared';
  /** The client's `owner` element, as XML. */
  owner: string | null;
  /** Who took it (`admin:<id>` or `apikey:<id>`): only they may use its token. */
  principal: string;
  timeout_seconds: number;
  expires_at: string;
  created_at: string;
}

/** A WebDAV dead property: `value` is the property element's content as XML. */
export interface WebdavPropsTable {
  path: string;
  namespace: string;
  name: string;
  value: string;
}

/** Shared attempt limits (PostgreSQL); times are epoch ms. */
export interface AttemptCountsTable {
  scope: string;
  key: string;
  count: number;
  reset_at: number;
}

/** File access tokens that have paid their view; times are epoch ms. */
export interface FileViewTokensTable {
  token_id: string;
  file_id: string;
  paid_at: number;
  expires_at: number;
  full_reads: number;
}

export interface Database {
  admins: AdminsTable;
  admin_tokens: AdminTokensTable;
  api_keys: ApiKeysTable;
  storage_configs: StorageConfigsTable;
  pastes: PastesTable;
  paste_tombstones: PasteTombstonesTable;
  file_tombstones: FileTombstonesTable;
  files: FilesTable;
  storage_mounts: StorageMountsTable;
  system_settings: SystemSettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  fs_entries: FsEntriesTable;
  fs_uploads: FsUploadsTable;
  fs_index_state: FsIndexStateTable;
  webdav_locks: WebdavLocksTable;
  webdav_props: WebdavPropsTable;
  attempt_counts: AttemptCountsTable;
  file_view_tokens: FileViewTokensTable;
  thumbnails: ThumbnailsTable;
  file_requests: FileRequestsTable;
  file_request_uploads: FileRequestUploadsTable;
  file_request_deliveries: FileRequestDeliveriesTable;
}

export type AdminRow = Selectable<AdminsTable>;
export type AdminTokenRow = Selectable<AdminTokensTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKey = Insertable<ApiKeysTable>;
export type SystemSettingRow = Selectable<SystemSettingsTable>;

export type ThumbnailStatus = 'queued' | 'working' | 'done' | 'failed' | 'skipped';

export interface ThumbnailsTable {
  storage_config_id: string;
  object_key: string;
  status: ThumbnailStatus;
  source_etag: string | null;
  source_size: number;
  attempts: number;
  error: string | null;
  not_before: string | null;
  claimed_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface FileRequestsTable {
  id: string;
  slug: string;
  created_by: string;
  path: string;
  title: string;
  message: Generated<string>;
  expires_at: string | null;
  max_files: number | null;
  max_total_bytes: number | null;
  max_file_bytes: number | null;
  /** A JSON array of extensions and MIME types, or null for any type. */
  allowed_types: string | null;
  password_hash: string | null;
  require_name: Generated<number>;
  webhook_url: string | null;
  status: 'open' | 'paused' | 'closed';
  created_at: string;
  updated_at: string;
  /** When the owner last opened the request's uploads; later arrivals are "new". */
  uploads_seen_at: string | null;
}

export interface FileRequestUploadsTable {
  id: string;
  request_id: string;
  path: string;
  name: string;
  uploader_name: string | null;
  size: number;
  content_type: string;
  /** The mount upload holding the reservation, and where its object goes, once started. */
  fs_upload_id: string | null;
  storage_config_id: string | null;
  storage_key: string | null;
  status: 'pending' | 'done';
  batch_id: string | null;
  created_at: string;
  committed_at: string | null;
  notified_at: string | null;
}

export type FileRequestDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One webhook delivery of a finished batch, kept until it is delivered or given up. */
export interface FileRequestDeliveriesTable {
  id: string;
  request_id: string;
  url: string;
  /** The exact JSON sent (and signed) on every attempt. */
  body: string;
  file_count: number;
  status: FileRequestDeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  /** Set while one instance sends it; a claim older than the lease belongs to an instance that died. */
  claimed_at: string | null;
  last_error: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}
