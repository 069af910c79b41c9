// Changes to the mount tree: folders, deletes (whole trees, in batches of up to 1,000 keys per
// storage call), renames of files and folders at every level inside one mount, and text edits.
// Each change updates the search index and drops the mount's caches.
import { Readable } from 'node:stream';
import type {
  FsBatchRemoveResult,
  FsEntry,
  FsRemoveResult,
  FsRenameResult,
  FsUpdateRequest,
  FsUpdateResult,
} from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import type { Repositories } from '@server/db/repositories';
import { AppError } from '@server/lib/app-error';
import { resolveMimeType } from '@server/lib/mime';
import { bareEtag, type StorageDriver } from '@server/storage/storage-driver';
import type { FsCaller, MountTarget } from './fs-access.service';
import type { FsIndex } from './fs-index';
import { folderEntry, whereOf } from './fs-mapping';
import { wirePath, nameOf, under } from '@server/lib/fs-path';
import { fileAt, folderAt, probe } from '@server/storage/object-probe';
import { onStorage } from '@server/storage/on-storage';
import type { FsUploadCore } from './fs-upload-core';
import type { FsFollower } from './fs.types';

const copyConcurrency = 8;
const folderType = 'application/x-directory';

export class FsWriteService {
  constructor(
    private readonly core: FsUploadCore,
    private readonly repos: Pick<Repositories, 'fsEntries' | 'transaction'>,
    private readonly index: FsIndex,
    private readonly followers?: FsFollower,
  ) {}

  async mkdir(caller: FsCaller, path: string): Promise<FsEntry> {
    const target = await this.core.access.writable(caller, path);
    if (target.key === '') throw new AppError(ErrorCode.Conflict, 'a mount is already at this path');
    const parentKey = keyParent(target.key);
    if ((await folderAt(target, parentKey, this.#log)) === null)
      throw new AppError(ErrorCode.Conflict, 'the parent folder does not exist');
    if ((await fileAt(target, target.key, this.#log)) !== null)
      throw new AppError(ErrorCode.Conflict, 'a file with this name exists');
    if ((await folderAt(target, target.key, this.#log)) !== null)
      throw new AppError(ErrorCode.Conflict, 'the folder already exists');
    await this.#storage(target, (driver) => driver.putObject(`${target.key}/`, Readable.from([]), folderType));
    const now = this.core.now();
    await this.index.folderCreated(this.repos.fsEntries, target.mount, target.path, now);
    this.index.changed(target.mount.id);
    return folderEntry(target.path, whereOf(target.mount), now);
  }

  async remove(caller: FsCaller, path: string): Promise<FsRemoveResult> {
    return this.#remove(await this.#changeable(caller, path, 'path'));
  }

  /** Checks every path first (a bad or forbidden one refuses the whole batch), then deletes each. */
  async batchRemove(caller: FsCaller, paths: readonly string[]): Promise<FsBatchRemoveResult> {
    const targets: MountTarget[] = [];
    for (const [index, path] of paths.entries()) targets.push(await this.#changeable(caller, path, `paths.${index}`));
    targets.sort((a, b) => a.path.length - b.path.length);
    const result: FsBatchRemoveResult = { success: 0, removed: [], failed: [] };
    const gone: MountTarget[] = [];
    for (const target of targets) {
      const removed = () => {
        result.success += 1;
        result.removed.push(wirePath(target.path, false));
      };
      if (
        gone.some(
          (done) => done.mount.id === target.mount.id && (done.path === target.path || under(target.path, done.path)),
        )
      ) {
        removed();
        continue;
      }
      try {
        await this.#remove(target);
        gone.push(target);
        removed();
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        result.failed.push({ path: wirePath(target.path, false), code: error.code, error: error.message });
      }
    }
    return result;
  }

  async rename(caller: FsCaller, oldPath: string, newPath: string): Promise<FsRenameResult> {
    const from = await this.#changeable(caller, oldPath, 'oldPath');
    const to = await this.#changeable(caller, newPath, 'newPath');
    if (from.mount.id !== to.mount.id)
      throw new AppError(ErrorCode.BadRequest, 'oldPath and newPath must be in the same mount');
    if (from.path === to.path) throw new AppError(ErrorCode.BadRequest, 'newPath is the same as oldPath');
    const found = await probe(from, this.#log);
    if (found === null) throw new AppError(ErrorCode.NotFound, 'oldPath: file or folder not found');
    const folder = found.kind === 'folder';
    if (folder && under(to.path, from.path))
      throw new AppError(ErrorCode.BadRequest, 'a folder cannot move into itself');
    if ((await probe({ ...to, folder: false }, this.#log)) !== null)
      throw new AppError(ErrorCode.Conflict, 'newPath already exists');
    if ((await folderAt(to, keyParent(to.key), this.#log)) === null)
      throw new AppError(ErrorCode.Conflict, 'the parent folder of newPath does not exist');
    const moved = folder ? await this.#moveFolder(from, to) : await this.#moveFile(from, to);
    await this.followers?.moved(from, from.key, to.key, folder);
    await this.repos.transaction((trx) => this.index.moved(trx.fsEntries, from.mount, from.path, to.path));
    this.index.changed(from.mount.id);
    return { oldPath: wirePath(from.path, folder), newPath: wirePath(to.path, folder), isDirectory: folder, moved };
  }

  /** Writes the text (at most 10 MB), creating the file when missing, within the storage limits. */
  async update(caller: FsCaller, { path, content }: FsUpdateRequest): Promise<FsUpdateResult> {
    const file = await this.#changeable(caller, path, 'path');
    if (file.folder) throw new AppError(ErrorCode.BadRequest, 'path names a folder');
    const existing = await fileAt(file, file.key, this.#log);
    if (existing === null) await this.core.mustFitAt(file);
    const contentType = existing?.contentType ?? resolveMimeType(nameOf(file.path), undefined);
    const bytes = Buffer.from(content, 'utf8');
    const row = await this.core.reserve(file, bytes.length, contentType);
    let written: { etag: string; size: number };
    try {
      written = await this.#storage(file, (driver) => driver.putObject(file.key, Readable.from([bytes]), contentType));
    } catch (error) {
      await this.core.release(row);
      throw error;
    }
    const modified = this.core.now();
    await this.core.finish(row, file, { size: written.size, etag: written.etag, contentType, lastModified: modified });
    return {
      path: wirePath(file.path, false),
      etag: bareEtag(written.etag),
      contentType,
      size: written.size,
      modified: modified.toISOString(),
      isNewFile: existing === null,
    };
  }

  async #remove(target: MountTarget): Promise<FsRemoveResult> {
    const found = await probe(target, this.#log);
    if (found === null) throw new AppError(ErrorCode.NotFound, 'file or folder not found');
    let removed = 1;
    if (found.kind === 'file') await this.#storage(target, (driver) => driver.deleteMany([target.key]));
    else removed = await this.#removeTree(target);
    await this.followers?.removed(target, target.key, found.kind === 'folder');
    await this.index.removed(this.repos.fsEntries, target.mount, target.path);
    this.index.changed(target.mount.id);
    return { path: wirePath(target.path, found.kind === 'folder'), removed };
  }

  /** Deletes a folder's objects a listing page at a time, then its folder markers, deepest first. */
  async #removeTree(target: MountTarget): Promise<number> {
    const markers = new Set([`${target.key}/`]);
    let removed = 0;
    for await (const keys of this.#pages(target, `${target.key}/`)) {
      const objects = keys.filter((key) => !key.endsWith('/'));
      for (const key of keys) if (key.endsWith('/')) markers.add(key);
      await this.#storage(target, (driver) => driver.deleteMany(objects));
      removed += objects.length;
    }
    const deepestFirst = [...markers].sort((a, b) => b.length - a.length);
    await this.#storage(target, (driver) => driver.deleteMany(deepestFirst));
    return removed + markers.size;
  }

  async #moveFile(from: MountTarget, to: MountTarget): Promise<number> {
    await this.#storage(from, (driver) => driver.copy(from.key, to.key));
    await this.#storage(from, (driver) => driver.deleteMany([from.key]));
    return 1;
  }

  /** Copies every object of the tree (markers re-created), then deletes the old tree. */
  async #moveFolder(from: MountTarget, to: MountTarget): Promise<number> {
    const keys: string[] = [];
    for await (const page of this.#pages(from, `${from.key}/`)) keys.push(...page);
    const target = (key: string) => `${to.key}/${key.slice(from.key.length + 1)}`;
    const markerWanted =
      (await this.#storage(from, (driver) => driver.head(`${from.key}/`))) !== null || keys.length === 0;
    const copies = keys.filter((key) => key !== `${from.key}/`);
    for (let i = 0; i < copies.length; i += copyConcurrency) {
      await Promise.all(
        copies
          .slice(i, i + copyConcurrency)
          .map((key) =>
            this.#storage(from, (driver) =>
              key.endsWith('/')
                ? driver.putObject(target(key), Readable.from([]), folderType).then(() => undefined)
                : driver.copy(key, target(key)),
            ),
          ),
      );
    }
    if (markerWanted)
      await this.#storage(to, (driver) => driver.putObject(`${to.key}/`, Readable.from([]), folderType));
    const objects = keys.filter((key) => !key.endsWith('/'));
    await this.#storage(from, (driver) => driver.deleteMany(objects));
    const markers = [...new Set([...keys.filter((key) => key.endsWith('/')), `${from.key}/`])].sort(
      (a, b) => b.length - a.length,
    );
    await this.#storage(from, (driver) => driver.deleteMany(markers));
    return keys.length;
  }

  /** Every key below `prefix`, a storage page at a time. */
  async *#pages(target: MountTarget, prefix: string): AsyncGenerator<string[]> {
    let token: string | null = null;
    do {
      const page = await this.#storage(target, (driver) => driver.list(prefix, { token }));
      yield page.objects.map((object) => object.key);
      token = page.nextToken;
    } while (token !== null);
  }

  /** A writable path inside a mount that is not the mount's root. */
  async #changeable(caller: FsCaller, path: string, field: string): Promise<MountTarget> {
    const target = await this.core.access.writable(caller, path, field);
    if (target.key === '')
      throw new AppError(
        ErrorCode.BadRequest,
        `${field}: a mount's root cannot be changed here (manage mounts in the admin panel)`,
      );
    return target;
  }

  #storage<T>(target: MountTarget, call: (driver: StorageDriver) => Promise<T>): Promise<T> {
    return onStorage(target.storage, this.#log, () => call(target.driver));
  }

  get #log() {
    return this.core.logger;
  }
}

function keyParent(key: string): string {
  const cut = key.lastIndexOf('/');
  return cut === -1 ? '' : key.slice(0, cut);
}
