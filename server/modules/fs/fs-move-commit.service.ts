// move-commit: the end of a move across storages, after the client carried each file over. Each
// target is checked and recorded exactly as batch-copy-commit does (it must hold fileSize bytes);
// only then, and only when the source still has that size, is the source deleted. A file whose
// target fails its check stays at its source. Then each source folder named is deleted when no
// file is left below it. Every path is resolved and authorised again; answered per file.
import {
  fsMoveCommitRequestSchema,
  type FsMoveCommitFile,
  type FsMoveCommitRequest,
  type FsMoveCommitResult,
} from '@shared/api/fs-move.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { fieldError } from '@server/lib/field-error';
import type { FsCaller, MountTarget } from './fs-access.service';
import type { FsCopyCommitService } from './fs-copy-commit.service';
import { storageError, treeOf } from './fs-copy-tree';
import type { FsMovedKeys } from './fs-move-index';
import { wirePath } from '@server/lib/fs-path';
import { fileAt, folderAt } from '@server/storage/object-probe';
import { onStorage } from '@server/storage/on-storage';
import type { FsUploadCore } from './fs-upload-core';

const commitConcurrency = 8;

export class FsMoveCommitService {
  constructor(
    private readonly core: FsUploadCore,
    private readonly copyCommits: FsCopyCommitService,
    private readonly keys: FsMovedKeys,
  ) {}

  async commit(caller: FsCaller, input: FsMoveCommitRequest): Promise<FsMoveCommitResult> {
    const { targetMountId, files, sourceFolders } = fsMoveCommitRequestSchema.parse(input);
    const result: FsMoveCommitResult = { success: [], failed: [], removedFolders: [] };
    for (let i = 0; i < files.length; i += commitConcurrency) {
      await Promise.all(
        files.slice(i, i + commitConcurrency).map(async (file) => {
          try {
            result.success.push(await this.#one(caller, targetMountId, file));
          } catch (error) {
            const { code, message } = storageError(error);
            result.failed.push({ sourcePath: file.sourcePath, targetPath: file.targetPath, code, error: message });
          }
        }),
      );
    }
    for (const [i, path] of sourceFolders.entries()) {
      const folder = await this.#source(caller, path, `sourceFolders[${i}]`);
      if (await this.#removeIfEmpty(folder)) result.removedFolders.push(wirePath(folder.path, false));
    }
    return result;
  }

  async #one(
    caller: FsCaller,
    targetMountId: string,
    { sourcePath, ...file }: FsMoveCommitFile,
  ): Promise<{ sourcePath: string; targetPath: string }> {
    const source = await this.#source(caller, sourcePath, 'sourcePath');
    const head = await fileAt(source, source.key, this.core.logger);
    if (head !== null && head.size !== file.fileSize)
      throw fieldError('fileSize', `the source has ${head.size} bytes, not ${file.fileSize}: it stays where it is`);
    const committed = await this.copyCommits.commit(caller, { targetMountId, files: [file] });
    const [refused] = committed.failed;
    if (refused !== undefined) throw new AppError(refused.code, refused.error);
    const [done] = committed.success;
    if (done === undefined) throw new AppError(ErrorCode.Internal, 'the target was not recorded');
    // The target holds the source's size now: the source may go (a commit repeated finds it gone).
    if (head !== null) {
      await onStorage(source.storage, this.core.logger, () => source.driver.deleteMany([source.key]));
      await this.keys.sourceRemoved(source);
    }
    return { sourcePath: wirePath(source.path, false), targetPath: done.targetPath };
  }

  /** Deletes the folder's markers, deepest first, when no file is below it. */
  async #removeIfEmpty(folder: MountTarget): Promise<boolean> {
    if ((await folderAt(folder, folder.key, this.core.logger)) === null) return false;
    const objects = await treeOf(folder, folder.key, this.core.logger);
    if (objects.some((object) => !object.key.endsWith('/'))) return false;
    const markers = [`${folder.key}/`, ...objects.map((object) => object.key)].sort((a, b) => b.length - a.length);
    await onStorage(folder.storage, this.core.logger, () => folder.driver.deleteMany(markers));
    await this.keys.sourceRemoved(folder);
    return true;
  }

  async #source(caller: FsCaller, path: string, field: string): Promise<MountTarget> {
    const source = await this.core.access.writable(caller, path, field);
    if (source.key === '') throw fieldError(field, "is a mount's root");
    return source;
  }
}
