// batch-copy-commit: records the files a client-side copy stored in the target mount.
// Each path is resolved and authorised again (never trusting a key or mount id sent), the object
// is HEADed and must have exactly fileSize bytes (and the ETag, when sent); then it is indexed
// (a single PUT's reservation finished with it, quota re-checked) and the mount's caches cleared.
// Answered per file: one bad file does not hold back the others.
import type { FsBatchCopyCommitRequest, FsBatchCopyCommitResult, FsCopyCommitFile } from '@shared/api/fs-copy.schema';
import type { FsEntry } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import type { Repositories } from '@server/db/repositories';
import { AppError } from '@server/lib/app-error';
import { fieldError } from '@server/lib/field-error';
import { bareEtag } from '@server/storage/storage-driver';
import type { FsCaller, MountTarget } from './fs-access.service';
import { storageError } from './fs-copy-tree';
import type { FsIndex } from './fs-index';
import { fileEntry, whereOf } from './fs-mapping';
import { nameOf } from '@server/lib/fs-path';
import { fileAt } from '@server/storage/object-probe';
import type { FsUploadCore } from './fs-upload-core';
import type { FsUploadRow } from './fs.types';

const commitConcurrency = 8;

export class FsCopyCommitService {
  constructor(
    private readonly core: FsUploadCore,
    private readonly repos: Pick<Repositories, 'fsEntries' | 'transaction'>,
    private readonly index: FsIndex,
  ) {}

  async commit(caller: FsCaller, input: FsBatchCopyCommitRequest): Promise<FsBatchCopyCommitResult> {
    const result: FsBatchCopyCommitResult = { success: [], failed: [] };
    const mounts = new Set<string>();
    for (let i = 0; i < input.files.length; i += commitConcurrency) {
      await Promise.all(
        input.files.slice(i, i + commitConcurrency).map(async (file) => {
          try {
            const { entry, mountId } = await this.#one(caller, input.targetMountId, file);
            mounts.add(mountId);
            result.success.push({ targetPath: entry.path, fileName: entry.name, entry });
          } catch (error) {
            const { code, message } = storageError(error);
            result.failed.push({ targetPath: file.targetPath, code, error: message });
          }
        }),
      );
    }
    for (const mountId of mounts) this.index.changed(mountId);
    return result;
  }

  async #one(caller: FsCaller, mountId: string, file: FsCopyCommitFile): Promise<{ entry: FsEntry; mountId: string }> {
    const target = await this.core.access.writable(caller, file.targetPath, 'targetPath');
    if (target.mount.id !== mountId) throw fieldError('targetPath', 'is not inside the mount targetMountId');
    if (target.key === '') throw fieldError('targetPath', "is a mount's root");
    if (file.s3Path !== undefined && file.s3Path.replace(/^\/+/, '') !== target.key)
      throw fieldError('s3Path', 'is not where targetPath is stored');
    const row = file.uploadId === undefined ? undefined : await this.#reservation(caller, target, file.uploadId);
    const head = await fileAt(target, target.key, this.core.logger);
    if (head === null)
      throw new AppError(ErrorCode.BadRequest, 'the file was not found in storage; upload it before committing');
    if (head.size !== file.fileSize)
      throw fieldError('fileSize', `the stored object has ${head.size} bytes, not ${file.fileSize}`);
    if (file.etag !== undefined && bareEtag(file.etag) !== bareEtag(head.etag))
      throw fieldError('etag', 'does not match the stored object');
    if (row !== undefined) {
      if (row.size !== head.size)
        throw fieldError('fileSize', `the upload reserved ${row.size} bytes, not ${head.size}`);
      return { entry: await this.core.finish(row, target, head), mountId: target.mount.id };
    }
    // No reservation left: a multipart upload its complete call already indexed, or a commit
    // repeated. Indexed again only when the index does not hold these bytes yet, within the quota.
    const counted = await this.core.replacedBytes(target);
    if (counted !== head.size) {
      await this.core.limits.check(target.config, head.size, counted);
      await this.repos.transaction((trx) => this.index.fileWritten(trx.fsEntries, target.mount, target.path, head));
    }
    return { entry: fileEntry(target.path, whereOf(target.mount), head), mountId: target.mount.id };
  }

  /** The plan's reservation for this very file, or none when it was already finished. */
  async #reservation(caller: FsCaller, target: MountTarget, uploadId: string): Promise<FsUploadRow | undefined> {
    const owned = await this.core.owned(caller, uploadId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) return undefined;
      throw error;
    });
    if (owned === undefined) return undefined;
    if (owned.row.mount_id !== target.mount.id || owned.row.storage_key !== target.key)
      throw fieldError('uploadId', `belongs to another file than ${nameOf(target.path)}`);
    if (owned.row.upload_id !== null)
      throw new AppError(
        ErrorCode.BadRequest,
        'complete the multipart upload (multipart/complete) before committing it',
      );
    return owned.row;
  }
}
