// Presigned uploads of file shares: presign inserts a pending row (server-derived key), the
// browser PUTs, commit checks the object (HEAD: size, ETag, limits) and flips it to committed.
import { randomUUID } from 'node:crypto';
import type { Repositories } from '@server/db/repositories';
import type {
  CommitRequest,
  CommitResponse,
  PresignRequest,
  PresignResponse,
  UploadCancelResponse,
  UploadShareOptions,
} from '@shared/api/upload.schema';
import { E2EE_FILE_NAME, type E2eeFileHeader } from '@shared/e2ee/share';
import { openedSize } from '@shared/e2ee/records';
import { ErrorCode } from '@shared/errors';
import { cleanFilename } from '@shared/filename';
import type { FileRow } from '@server/modules/files/files.types';
import type { StorageConfigRow } from '@server/modules/storage-configs/storage-configs.types';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { fieldError } from '@server/lib/field-error';
import { resolveMimeType } from '@server/lib/mime';
import { hashPassword } from '@server/lib/password';
import { bareEtag, type StorageDriver } from '@server/storage/storage-driver';
import type { StorageRegistry } from '@server/storage/storage-registry';
import { ownerTag, type AdminAuth, type ApiKeyAuth } from '@server/modules/auth/auth.types';
import { objectUrl, owns, storageKey, toCommitResponse } from '@server/modules/files/file-share-mapping.service';
import type { ShareRecordsService } from '@server/modules/files/share-records.service';
import type { StorageConfigService } from '@server/modules/storage-configs/storage-config.service';
import { isStorageOutage } from '@server/storage/storage-outage';
import type { UploadLimits } from './upload-limits.service';
import { UPLOAD_LINK_TTL_SECONDS } from '@server/lib/upload-plan';

export type PendingInput = {
  s3_config_id?: string;
  filename: string;
  mimetype?: string;
  path?: string;
  slug?: string;
  size: number;
  /** Set at the start (url/presign as the product spec sends it); commit's own remark wins. */
  remark?: string;
  /** An end-to-end encrypted file's header; `size` is then its sealed size. */
  e2ee?: E2eeFileHeader;
};
/** A multipart share's planned part size, and how to create its storage multipart upload. */
export type MultipartStart = { partSize: number; create: (key: string, driver: StorageDriver) => Promise<string> };
/** Who may upload: the admin, or an API key holding file permission (checked by the endpoint). */
export type Uploader = AdminAuth | ApiKeyAuth;
export type Pending = { caller: Uploader; row: FileRow; config: StorageConfigRow; driver: StorageDriver };
/**
 * The explorer's index, as a committed share enters it (the fs module's FsShareIndex): `stored`
 * runs in the commit's transaction and names the mounts it touched; `changed` drops their caches.
 */
export type ShareIndex = {
  stored(
    repos: Repositories,
    configId: string,
    key: string,
    file: { size: number; etag: string; contentType: string | null; lastModified: Date | null },
  ): Promise<string[]>;
  changed(mountIds: readonly string[]): void;
};

export class UploadService {
  constructor(
    private readonly repos: Pick<Repositories, 'transaction'>,
    /** The files domain's share records: every share row is written through them. */
    readonly records: ShareRecordsService,
    private readonly clock: Clock,
    private readonly configs: StorageConfigService,
    readonly storage: StorageRegistry,
    readonly limits: UploadLimits,
    private readonly shares?: ShareIndex,
  ) {}

  /** Local-driver URLs are origin-relative; `origin` (the caller's) makes them absolute. */
  async presign(caller: Uploader, input: PresignRequest, origin: string): Promise<PresignResponse> {
    const { row, config, driver } = await this.startPending(caller, input);
    const uploadUrl = await driver.presignPut(row.storage_path, {
      expiresIn: UPLOAD_LINK_TTL_SECONDS,
      contentType: row.mimetype,
      contentLength: row.size,
    });
    return {
      upload_url: new URL(uploadUrl, origin).toString(),
      file_id: row.id,
      storage_path: row.storage_path,
      s3_url: row.s3_url ?? '',
      slug: row.slug,
      provider_type: config.provider_type,
      contentType: row.mimetype,
    };
  }

  async commit(caller: Uploader, input: CommitRequest): Promise<CommitResponse> {
    const pending = await this.ownedPending(caller, input.file_id);
    const head = await pending.driver.head(pending.row.storage_path);
    if (head === null)
      throw new AppError(
        ErrorCode.BadRequest,
        'the uploaded object was not found in storage; upload it before committing',
      );
    if (head.size !== input.size) throw fieldError('size', `does not match the stored object (${head.size} bytes)`);
    if (bareEtag(head.etag) !== bareEtag(input.etag)) throw fieldError('etag', 'does not match the stored object');
    return this.finish(pending, { size: head.size, etag: head.etag }, input);
  }

  /** Withdraws an upload the caller owns, committed or not: a cancel may cross the commit. */
  async cancel(caller: Uploader, fileId: string): Promise<UploadCancelResponse> {
    // A storage that cannot be reached leaves its object behind; the upload is withdrawn all the same.
    await this.discard(await this.owned(caller, fileId)).catch((error: unknown) => {
      if (!isStorageOutage(error)) throw error;
    });
    return { file_id: fileId, status: 'cancelled' };
  }

  /** Checks caller, config, limits and slug, then inserts the pending row, reserving its size atomically. */
  async startPending(caller: Uploader, input: PendingInput, multipart?: MultipartStart): Promise<Pending> {
    if (input.e2ee !== undefined && openedSize(input.size) === null)
      throw fieldError('size', 'is not the size of a file sealed in records (docs/encryption.md)');
    // The name and type of an encrypted file are sealed in its header; the server keeps neutral ones.
    const filename = input.e2ee === undefined ? input.filename : E2EE_FILE_NAME;
    const config = await this.configs.usable(caller, input.s3_config_id);
    await this.limits.check(config, input.size);
    const driver = await this.storage.driverFor(config);
    const key = storageKey(config, input.path, filename, (await this.configs.keyPrefixFor(caller, config)) ?? '');
    const slug = await this.records.freeSlug(input.slug);
    const uploadId = multipart === undefined ? null : await multipart.create(key, driver);
    const now = isoAt(this.clock);
    const row: FileRow = {
      id: randomUUID(),
      slug,
      filename: cleanFilename(filename),
      storage_path: key,
      mimetype: input.e2ee === undefined ? resolveMimeType(filename, input.mimetype) : 'application/octet-stream',
      s3_url: objectUrl(config, key),
      size: input.size,
      storage_config_id: config.id,
      remark: input.remark ?? null,
      password_hash: null,
      expires_at: null,
      max_views: null,
      views: 0,
      use_proxy: config.use_proxy,
      etag: null,
      status: 'pending',
      upload_id: uploadId,
      part_size: multipart?.partSize ?? null,
      source_path: null,
      created_by: ownerTag(caller),
      created_at: now,
      updated_at: now,
      e2ee: input.e2ee === undefined ? null : JSON.stringify(input.e2ee),
    };
    try {
      await this.limits.reserve(config, row);
    } catch (error) {
      if (uploadId !== null) await driver.abortMultipart(key, uploadId);
      throw error;
    }
    return { caller, row, config, driver };
  }

  /** An upload the caller owns, pending or committed; anything else is 404. */
  async owned(caller: Uploader, fileId: string): Promise<Pending> {
    const row = await this.records.find(fileId);
    if (row === undefined || !owns(caller, row)) throw new AppError(ErrorCode.NotFound, 'upload not found');
    const config = await this.configs.usable(caller, row.storage_config_id);
    return { caller, row, config, driver: await this.storage.driverFor(config) };
  }

  /** A pending upload the caller owns; a committed one is 409. */
  async ownedPending(caller: Uploader, fileId: string): Promise<Pending> {
    const pending = await this.owned(caller, fileId);
    if (pending.row.status !== 'pending') throw new AppError(ErrorCode.Conflict, 'this upload is already committed');
    return pending;
  }

  /** Re-checks the limits with the real size (deleting the upload on overflow), then commits. */
  async finish(
    pending: Pending,
    actual: { size: number; etag: string },
    share: UploadShareOptions,
  ): Promise<CommitResponse> {
    const { row, config } = pending;
    try {
      await this.limits.check(config, actual.size, row.size);
    } catch (error) {
      await this.discard(pending);
      throw error;
    }
    const now = isoAt(this.clock);
    const passwordHash = share.password === undefined ? null : await hashPassword(share.password);
    // The share and its entries in the explorer's index (every mount showing its storage) go in together.
    const mountIds = await this.repos.transaction(async (trx) => {
      await this.records.update(
        row.id,
        {
          status: 'committed',
          size: actual.size,
          etag: actual.etag,
          upload_id: null,
          remark: share.remark ?? row.remark,
          password_hash: passwordHash,
          expires_at: share.expires_in === undefined ? null : isoAt(this.clock, share.expires_in * 3_600_000),
          max_views: share.max_views === undefined || share.max_views === 0 ? null : share.max_views,
          updated_at: now,
        },
        trx,
      );
      const stored = { size: actual.size, etag: actual.etag, contentType: row.mimetype, lastModified: new Date(now) };
      return (await this.shares?.stored(trx, config.id, row.storage_path, stored)) ?? [];
    });
    this.shares?.changed(mountIds);
    const committed = await this.records.find(row.id);
    if (committed === undefined) throw new AppError(ErrorCode.NotFound, 'upload not found');
    return toCommitResponse(committed);
  }

  /** Removes an upload: its row always, then its multipart upload or object (which an outage may leave behind). */
  async discard({ row, driver }: Pick<Pending, 'row' | 'driver'>): Promise<void> {
    await this.records.remove(row.id);
    if (row.source_path !== null) return; // the mount's own file, shared from the explorer, stays
    if (row.upload_id !== null) await driver.abortMultipart(row.storage_path, row.upload_id);
    await driver.deleteMany([row.storage_path]);
  }
}
