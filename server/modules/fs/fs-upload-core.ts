// What every way of writing a file into a mount shares: the target (its folder must exist, no
// folder or mount may sit at the name), the reservation (max upload size and storage quota,
// exactly as share uploads: one serialised transaction, so parallel uploads cannot overshoot),
// and the finish (the reservation becomes an index entry in one transaction).
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@shared/errors';
import type { FsEntry } from '@shared/api/fs.schema';
import type { Repositories } from '@server/db/repositories';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import { ownerTag } from '@server/modules/auth/auth.types';
import type { UploadLimits } from '@server/modules/uploads/upload-limits.service';
import type { FsAccess, FsCaller, MountTarget } from './fs-access.service';
import type { FsIndex, StoredFile } from './fs-index';
import { fileEntry, whereOf } from './fs-mapping';
import { joinPath } from '@server/lib/fs-path';
import { fileAt, folderAt } from '@server/storage/object-probe';
import type { FsUploadRow } from './fs.types';

export type Deps = {
  access: FsAccess;
  repos: Pick<Repositories, 'fsUploads' | 'fsEntries' | 'transaction'>;
  limits: UploadLimits;
  index: FsIndex;
  clock: Clock;
};

export type ReserveOptions = { multipart?: { uploadId: string; partSize: number }; largest?: number };

export class FsUploadCore {
  readonly access: FsAccess;
  readonly logger: Logger;

  constructor(private readonly deps: Deps) {
    this.access = deps.access;
    this.logger = deps.access.logger;
  }

  get limits(): UploadLimits {
    return this.deps.limits;
  }

  /** True while a presigned single PUT to this object is expected (the local blob endpoint asks). */
  expectsPut(storageConfigId: string, key: string): Promise<boolean> {
    return this.deps.repos.fsUploads.expectsPut(storageConfigId, key);
  }

  /** `name` inside the folder at `folderPath`, checked for writing. */
  async newFile(caller: FsCaller, folderPath: string, name: string): Promise<MountTarget> {
    const folder = await this.access.writable(caller, folderPath);
    // The name is taken literally: a `%` in it is never read as an escape.
    const file = await this.access.writable(caller, joinPath(folder.path, name.replaceAll('%', '%25')));
    if (file.mount.id !== folder.mount.id || file.key === '')
      throw new AppError(ErrorCode.Conflict, 'a mount is at this path');
    await this.mustFitAt(file);
    return file;
  }

  /** The parent folder exists and no folder sits at the path (a file there is replaced). */
  async mustFitAt(file: MountTarget): Promise<void> {
    const parentKey = file.key.includes('/') ? file.key.slice(0, file.key.lastIndexOf('/')) : '';
    if ((await folderAt(file, parentKey, this.logger)) === null)
      throw new AppError(ErrorCode.Conflict, 'the parent folder does not exist');
    if (
      (await fileAt(file, file.key, this.logger)) === null &&
      (await folderAt(file, file.key, this.logger)) !== null
    ) {
      throw new AppError(ErrorCode.Conflict, 'a folder with this name exists');
    }
  }

  /**
   * Reserves `size` bytes for a write to `file`; the bytes of a file it replaces are reused. A
   * copy of a folder names its `largest` file, which the max upload size applies to.
   */
  async reserve(
    file: MountTarget,
    size: number,
    contentType: string,
    { multipart, largest }: ReserveOptions = {},
  ): Promise<FsUploadRow> {
    const row: FsUploadRow = {
      id: randomUUID(),
      mount_id: file.mount.id,
      storage_config_id: file.config.id,
      path: file.path,
      storage_key: file.key,
      content_type: contentType,
      size,
      upload_id: multipart?.uploadId ?? null,
      part_size: multipart?.partSize ?? null,
      created_by: ownerTag(file.caller),
      created_at: isoAt(this.deps.clock),
    };
    await this.deps.limits.reserveWith(
      file.config,
      size,
      await this.replacedBytes(file),
      (trx) => trx.fsUploads.insert(row),
      largest,
    );
    return row;
  }

  /** Grows a streamed upload's reservation to `size` bytes, or throws 413. */
  async grow(file: MountTarget, row: FsUploadRow, size: number): Promise<void> {
    await this.deps.limits.reserveWith(file.config, size, row.size + (await this.replacedBytes(file)), (trx) =>
      trx.fsUploads.setSize(row.id, size),
    );
    row.size = size;
  }

  /** An upload in flight the caller started (any, for the admin), re-checked against its path. */
  async owned(caller: FsCaller, uploadId: string): Promise<{ row: FsUploadRow; file: MountTarget }> {
    const row = await this.deps.repos.fsUploads.findById(uploadId);
    if (row === undefined || (caller.kind === 'apikey' && row.created_by !== ownerTag(caller)))
      throw new AppError(ErrorCode.NotFound, 'upload not found');
    const file = await this.access.writableAt(caller, row.path);
    if (file.mount.id !== row.mount_id || file.key !== row.storage_key)
      throw new AppError(ErrorCode.NotFound, 'upload not found: its mount has changed');
    return { row, file };
  }

  /** The stored object becomes an index entry and the reservation ends, together. */
  async finish(row: FsUploadRow, file: MountTarget, stored: StoredFile): Promise<FsEntry> {
    // Re-checked with the real size, as share commits are: a limit lowered meanwhile still holds.
    await this.deps.limits
      .check(file.config, stored.size, row.size + (await this.replacedBytes(file)))
      .catch(async (error: unknown) => {
        await this.discardObject(file);
        await this.release(row);
        throw error;
      });
    const finished = await this.deps.repos.transaction(async (trx) => {
      if (!(await trx.fsUploads.delete(row.id))) return false;
      await this.deps.index.fileWritten(trx.fsEntries, file.mount, file.path, stored);
      return true;
    });
    if (!finished) throw new AppError(ErrorCode.NotFound, 'upload not found: it was already finished or abandoned');
    this.deps.index.changed(file.mount.id);
    return fileEntry(file.path, whereOf(file.mount), stored);
  }

  /** Bytes of the file at the target already counted against the quota, which a write replaces. */
  replacedBytes(file: MountTarget): Promise<number> {
    return this.deps.index.countedSize(this.deps.repos.fsEntries, file.mount, file.path);
  }

  async release(row: FsUploadRow): Promise<void> {
    await this.deps.repos.fsUploads.delete(row.id);
  }

  async discardObject(file: MountTarget): Promise<void> {
    await file.driver.deleteMany([file.key]).catch(() => undefined);
  }

  now(): Date {
    return new Date(this.deps.clock.now());
  }
}
