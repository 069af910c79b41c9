// batch-copy: every item's paths are resolved and authorised before any work (a key's
// base path segment by segment; read-only keys never get here), then each item is copied by the
// storage itself when source and target share a storage config (CopyObject/UploadPartCopy, or the
// local driver's copy; a folder at every level), or planned for a client-side copy across storages
// (fs-copy-plan.ts). Existing target files are skipped with skipExisting (the default), else replaced.
import { Readable } from 'node:stream';
import type {
  FsBatchCopyRequest,
  FsBatchCopyResult,
  FsCopyDetail,
  FsCrossStorageResult,
} from '@shared/api/fs-copy.schema';
import { fsBatchCopyRequestSchema } from '@shared/api/fs-copy.schema';
import { ErrorCode } from '@shared/errors';
import type { Repositories } from '@server/db/repositories';
import { AppError } from '@server/lib/app-error';
import type { ListedObject } from '@server/storage/storage-driver';
import type { FsCaller, MountTarget } from './fs-access.service';
import type { FsCopyPlanner } from './fs-copy-plan';
import { storageError, treeOf, type CopyPair } from './fs-copy-tree';
import type { FsIndex, StoredFile } from './fs-index';
import { nameOf, parentOf, pathOfKey, wirePath } from '@server/lib/fs-path';
import { fileAt, folderAt, probe } from '@server/storage/object-probe';
import { onStorage } from '@server/storage/on-storage';
import type { FsUploadCore } from './fs-upload-core';
import type { FsFollower } from './fs.types';

const copyConcurrency = 8;
const folderType = 'application/x-directory';

export class FsBatchCopyService {
  constructor(
    private readonly core: FsUploadCore,
    private readonly repos: Pick<Repositories, 'fsEntries' | 'fsUploads' | 'transaction'>,
    private readonly index: FsIndex,
    private readonly planner: FsCopyPlanner,
    private readonly followers?: FsFollower,
  ) {}

  async batchCopy(caller: FsCaller, input: FsBatchCopyRequest, origin: string): Promise<FsBatchCopyResult> {
    const { items, skipExisting } = fsBatchCopyRequestSchema.parse(input);
    const pairs: CopyPair[] = [];
    for (const [i, item] of items.entries()) {
      const from = await this.core.access.inMount(caller, item.sourcePath, `items[${i}].sourcePath`);
      const to = await this.core.access.writable(caller, item.targetPath, `items[${i}].targetPath`);
      if (to.key === '')
        throw new AppError(ErrorCode.BadRequest, `items[${i}].targetPath: a mount's root cannot be replaced`);
      const inside = from.key === '' || to.key === from.key || to.key.startsWith(`${from.key}/`);
      if (to.config.id === from.config.id && inside) {
        throw new AppError(
          ErrorCode.BadRequest,
          `items[${i}]: a file or folder cannot be copied onto itself or into itself`,
        );
      }
      pairs.push({ from, to });
    }
    const details: FsCopyDetail[] = [];
    const crossStorageResults: FsCrossStorageResult[] = [];
    for (const pair of pairs) {
      const detail = { sourcePath: wirePath(pair.from.path, false), targetPath: wirePath(pair.to.path, false) };
      try {
        if (pair.to.config.id === pair.from.config.id) {
          details.push({ ...detail, ...(await this.#copyInside(pair, skipExisting)) });
        } else {
          const planned = await this.planner.plan(pair, skipExisting, origin);
          await this.#makeFolders(pair.to, planned.folders);
          details.push({ ...detail, ...planned.detail });
          if (planned.result !== null) crossStorageResults.push(planned.result);
        }
      } catch (error) {
        const failure = storageError(error);
        details.push({
          ...detail,
          status: 'failed',
          isDirectory: false,
          files: 0,
          skippedFiles: 0,
          code: failure.code,
          error: failure.message,
        });
      }
    }
    const failed = details.filter((detail) => detail.status === 'failed');
    // Nothing done at all: the first item's reason is the answer (a clear 4xx such as a 413).
    const [first] = failed;
    if (first !== undefined && failed.length === details.length && first.code !== undefined)
      throw new AppError(first.code, first.error ?? 'copy failed');
    return {
      success: details.filter((detail) => detail.status === 'copied').length,
      skipped: details.filter((detail) => detail.status === 'skipped').length,
      failed: failed.length,
      details,
      requiresClientSideCopy: crossStorageResults.length > 0,
      crossStorageResults,
    };
  }

  /** The folder markers of a copy across storages, written at once and indexed: structure is no bytes to carry. */
  async #makeFolders(to: MountTarget, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    for (let i = 0; i < keys.length; i += copyConcurrency) {
      await Promise.all(
        keys
          .slice(i, i + copyConcurrency)
          .map((key) => this.#storage(to, () => to.driver.putObject(key, Readable.from([]), folderType))),
      );
    }
    const folders = foldersOf(
      to.path,
      keys.map((key) => ({ path: pathOfKey(to.mount.mount_path, key), marker: true })),
    );
    await this.repos.transaction((trx) =>
      this.index.treeWritten(trx.fsEntries, to.mount, { files: [], folders, at: this.core.now() }),
    );
    this.index.changed(to.mount.id);
  }

  /** Inside one storage: a file, or a folder's every object, copied by storage itself. */
  async #copyInside(
    { from, to }: CopyPair,
    skipExisting: boolean,
  ): Promise<Omit<FsCopyDetail, 'sourcePath' | 'targetPath'>> {
    const found = await probe(from, this.#log);
    if (found === null) throw new AppError(ErrorCode.NotFound, 'the source file or folder was not found');
    if (found.kind === 'file') {
      await this.core.mustFitAt(to);
      if (skipExisting && (await fileAt(to, to.key, this.#log)) !== null)
        return { status: 'skipped', isDirectory: false, files: 0, skippedFiles: 1 };
      const row = await this.core.reserve(to, found.head.size, found.head.contentType ?? 'application/octet-stream');
      try {
        await this.#storage(to, () => to.driver.copy(from.key, to.key, found.head.size));
      } catch (error) {
        await this.core.release(row);
        throw error;
      }
      const head = await fileAt(to, to.key, this.#log);
      if (head === null) {
        await this.core.release(row);
        throw new AppError(ErrorCode.BadGateway, `storage "${to.storage.name}" does not show the copied file`);
      }
      await this.core.finish(row, to, head);
      await this.followers?.copied(to, from.key, to.key, false);
      return { status: 'copied', isDirectory: false, files: 1, skippedFiles: 0 };
    }
    return this.#copyFolder(from, to, skipExisting);
  }

  async #copyFolder(
    from: MountTarget,
    to: MountTarget,
    skipExisting: boolean,
  ): Promise<Omit<FsCopyDetail, 'sourcePath' | 'targetPath'>> {
    const parentKey = to.key.includes('/') ? to.key.slice(0, to.key.lastIndexOf('/')) : '';
    if ((await folderAt(to, parentKey, this.#log)) === null)
      throw new AppError(ErrorCode.Conflict, 'the parent folder of the target does not exist');
    if ((await fileAt(to, to.key, this.#log)) !== null)
      throw new AppError(ErrorCode.Conflict, 'a file exists where the folder would go');
    const objects = await treeOf(from, from.key, this.#log);
    const existing = new Set((await treeOf(to, to.key, this.#log)).map((object) => object.key));
    const targetKey = (key: string) => `${to.key}/${key.slice(from.key.length + 1)}`;
    const todo: ListedObject[] = [];
    let skippedFiles = 0;
    for (const object of objects) {
      const there = existing.has(targetKey(object.key));
      if (object.key.endsWith('/')) {
        if (!there) todo.push(object);
      } else if (there && skipExisting) {
        skippedFiles += 1;
      } else {
        todo.push(object);
      }
    }
    const files = todo.filter((object) => !object.key.endsWith('/'));
    const total = files.reduce((sum, object) => sum + object.size, 0);
    const largest = files.reduce((max, object) => Math.max(max, object.size), 0);
    const row = await this.core.reserve(to, total, folderType, { largest });
    const copied: ListedObject[] = [];
    const failures: unknown[] = [];
    try {
      for (let i = 0; i < todo.length; i += copyConcurrency) {
        await Promise.all(
          todo.slice(i, i + copyConcurrency).map(async (object) => {
            try {
              await this.#storage(to, async () => {
                if (object.key.endsWith('/'))
                  await to.driver.putObject(targetKey(object.key), Readable.from([]), folderType);
                else await to.driver.copy(object.key, targetKey(object.key), object.size);
              });
              copied.push(object);
            } catch (error) {
              failures.push(error);
            }
          }),
        );
      }
      if (!existing.has(`${to.key}/`))
        await this.#storage(to, () => to.driver.putObject(`${to.key}/`, Readable.from([]), folderType));
    } catch (error) {
      await this.core.release(row);
      throw error;
    }
    const at = this.core.now();
    const written = copied
      .filter((object) => !object.key.endsWith('/'))
      .map((object) => ({ path: pathOfKey(to.mount.mount_path, targetKey(object.key)), file: storedOf(object, at) }));
    const folders = foldersOf(
      to.path,
      copied.map((object) => ({
        path: pathOfKey(to.mount.mount_path, targetKey(object.key)),
        marker: object.key.endsWith('/'),
      })),
    );
    await this.repos.transaction(async (trx) => {
      await trx.fsUploads.delete(row.id);
      await this.index.treeWritten(trx.fsEntries, to.mount, { files: written, folders, at });
    });
    this.index.changed(to.mount.id);
    await this.followers?.copied(to, from.key, to.key, true);
    const done = { isDirectory: true, files: written.length, skippedFiles };
    const [failure] = failures;
    if (failure !== undefined) {
      const reason = storageError(failure);
      return {
        ...done,
        status: 'failed',
        code: reason.code,
        error: `${failures.length} of ${files.length} files could not be copied: ${reason.message}`,
      };
    }
    return { ...done, status: files.length === 0 && skippedFiles > 0 ? 'skipped' : 'copied' };
  }

  #storage<T>(target: MountTarget, call: () => Promise<T>): Promise<T> {
    return onStorage(target.storage, this.#log, call);
  }

  get #log() {
    return this.core.logger;
  }
}

function storedOf(object: ListedObject, at: Date): StoredFile {
  return { size: object.size, etag: object.etag ?? '', contentType: null, lastModified: object.lastModified ?? at };
}

/** The copied folder, the folder markers copied, and every folder that holds a copied file, below `root`. */
export function foldersOf(root: string, copied: ReadonlyArray<{ path: string; marker: boolean }>): string[] {
  const folders = new Set([root]);
  for (const { path, marker } of copied) {
    if (marker) folders.add(path);
    for (let dir = parentOf(path); dir.length > root.length; dir = parentOf(dir)) folders.add(dir);
  }
  return [...folders].filter((path) => nameOf(path) !== '');
}
