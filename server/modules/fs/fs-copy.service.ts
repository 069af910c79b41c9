// Server-side copies and moves inside one storage: every object is copied by the storage itself
// (CopyObject, or the local driver's file copy), a folder at every level; nothing passes through
// the server. A copy reserves its bytes like an upload (the quota counts its files; the max upload
// size applies to its largest file) and lands in the index in one transaction. A move inside one
// mount is the explorer's rename; across mounts of one storage, a copy then a delete.
import { Readable } from 'node:stream';
import { ErrorCode } from '@shared/errors';
import type { Repositories } from '@server/db/repositories';
import { AppError } from '@server/lib/app-error';
import type { ListedObject, StorageDriver } from '@server/storage/storage-driver';
import type { FsCaller, MountTarget } from './fs-access.service';
import type { FsIndex, StoredFile } from './fs-index';
import { nameOf, parentOf, pathOfKey } from '@server/lib/fs-path';
import { folderAt, probe } from '@server/storage/object-probe';
import { onStorage } from '@server/storage/on-storage';
import type { FsUploadCore } from './fs-upload-core';
import type { FsWriteService } from './fs-write.service';
import type { FsFollower } from './fs.types';

export type FsCopyResult = { isDirectory: boolean; copied: number };

const copyConcurrency = 8;
const folderType = 'application/x-directory';

export class FsCopyService {
  constructor(
    private readonly core: FsUploadCore,
    private readonly repos: Pick<Repositories, 'fsEntries' | 'fsUploads' | 'transaction'>,
    private readonly index: FsIndex,
    private readonly writes: FsWriteService,
    private readonly followers?: FsFollower,
  ) {}

  /**
   * Copies the file or folder at `fromPath` to `toPath`, which must not exist yet (its parent
   * must). `shallow` copies a folder without its contents.
   */
  async copy(caller: FsCaller, fromPath: string, toPath: string, { shallow = false } = {}): Promise<FsCopyResult> {
    const from = await this.core.access.inMount(caller, fromPath, 'from');
    const to = await this.#destination(caller, from, toPath);
    const found = await probe(from, this.#log);
    if (found === null) throw new AppError(ErrorCode.NotFound, 'from: file or folder not found');
    const folder = found.kind === 'folder';
    if (folder && (from.key === '' || to.key === from.key || to.key.startsWith(`${from.key}/`)))
      throw new AppError(ErrorCode.BadRequest, 'a folder cannot be copied into itself');
    const objects: ListedObject[] =
      found.kind === 'folder'
        ? shallow
          ? []
          : await this.#tree(from)
        : [{ key: from.key, size: found.head.size, etag: found.head.etag, lastModified: found.head.lastModified }];
    const files = objects.filter((object) => !object.key.endsWith('/'));
    const total = files.reduce((sum, object) => sum + object.size, 0);
    const largest = files.reduce((max, object) => Math.max(max, object.size), 0);
    const row = await this.core.reserve(
      to,
      total,
      found.kind === 'file' ? (found.head.contentType ?? 'application/octet-stream') : folderType,
      { largest },
    );
    const targetKey = (key: string) => (folder ? `${to.key}/${key.slice(from.key.length + 1)}` : to.key);
    try {
      for (let i = 0; i < objects.length; i += copyConcurrency) {
        await Promise.all(
          objects
            .slice(i, i + copyConcurrency)
            .map((object) => this.#storage(to, (driver) => copyOne(driver, object.key, targetKey(object.key)))),
        );
      }
      if (folder) await this.#storage(to, (driver) => driver.putObject(`${to.key}/`, Readable.from([]), folderType));
    } catch (error) {
      await this.core.release(row);
      throw error;
    }
    const at = this.core.now();
    const copied = files.map((object) => ({
      path: pathOfKey(to.mount.mount_path, targetKey(object.key)),
      file: storedOf(object, at),
    }));
    const folders = folder
      ? foldersOf(to.path, [...objects.map((object) => pathOfKey(to.mount.mount_path, targetKey(object.key)))], objects)
      : [];
    await this.repos.transaction(async (trx) => {
      await trx.fsUploads.delete(row.id);
      await this.index.treeWritten(trx.fsEntries, to.mount, { files: copied, folders, at });
    });
    this.index.changed(to.mount.id);
    if (!shallow) await this.followers?.copied(to, from.key, to.key, folder);
    return { isDirectory: folder, copied: objects.length + (folder ? 1 : 0) };
  }

  /** Whether both paths lie in mounts of one storage, where copies and moves happen inside storage. */
  async sameStorage(caller: FsCaller, fromPath: string, toPath: string): Promise<boolean> {
    const from = await this.core.access.inMount(caller, fromPath, 'from');
    const to = await this.core.access.locate(caller, toPath, 'to');
    return to.kind === 'mount' && to.config.id === from.config.id;
  }

  /** Moves the file or folder at `fromPath` to `toPath`, which must not exist yet (its parent must). */
  async move(caller: FsCaller, fromPath: string, toPath: string): Promise<FsCopyResult> {
    const from = await this.core.access.writable(caller, fromPath, 'from');
    const to = await this.#destination(caller, from, toPath);
    if (from.mount.id === to.mount.id) {
      const renamed = await this.writes.rename(caller, fromPath, toPath);
      return { isDirectory: renamed.isDirectory, copied: renamed.moved };
    }
    const copied = await this.copy(caller, fromPath, toPath);
    await this.writes.remove(caller, fromPath);
    return copied;
  }

  /** A writable path in the same storage as `from`, free, whose folder exists. */
  async #destination(caller: FsCaller, from: MountTarget, toPath: string): Promise<MountTarget> {
    const to = await this.core.access.writable(caller, toPath, 'to');
    if (to.key === '') throw new AppError(ErrorCode.BadRequest, "to: a mount's root cannot be replaced");
    if (to.config.id !== from.config.id)
      throw new AppError(
        ErrorCode.BadRequest,
        'from and to are in different storages; only copies within one storage are supported',
      );
    if ((await probe({ ...to, folder: false }, this.#log)) !== null)
      throw new AppError(ErrorCode.Conflict, 'to already exists');
    const parentKey = to.key.includes('/') ? to.key.slice(0, to.key.lastIndexOf('/')) : '';
    if ((await folderAt(to, parentKey, this.#log)) === null)
      throw new AppError(ErrorCode.Conflict, 'the parent folder of to does not exist');
    return to;
  }

  /** Every object below the folder, markers included, a storage page at a time. */
  async #tree(from: MountTarget): Promise<ListedObject[]> {
    const objects: ListedObject[] = [];
    let token: string | null = null;
    do {
      const page = await this.#storage(from, (driver) => driver.list(`${from.key}/`, { token }));
      objects.push(...page.objects.filter((object) => object.key !== `${from.key}/`));
      token = page.nextToken;
    } while (token !== null);
    return objects;
  }

  #storage<T>(target: MountTarget, call: (driver: StorageDriver) => Promise<T>): Promise<T> {
    return onStorage(target.storage, this.#log, () => call(target.driver));
  }

  get #log() {
    return this.core.logger;
  }
}

function copyOne(driver: StorageDriver, from: string, to: string): Promise<unknown> {
  return from.endsWith('/') ? driver.putObject(to, Readable.from([]), folderType) : driver.copy(from, to);
}

function storedOf(object: ListedObject, at: Date): StoredFile {
  return { size: object.size, etag: object.etag ?? '', contentType: null, lastModified: object.lastModified ?? at };
}

/** The copied folder, its folder markers, and every folder that holds a copied file, below `root`. */
function foldersOf(root: string, paths: readonly string[], objects: readonly ListedObject[]): string[] {
  const folders = new Set([root]);
  paths.forEach((path, i) => {
    if (objects[i]?.key.endsWith('/') === true) folders.add(path);
    for (let dir = parentOf(path); dir.length > root.length; dir = parentOf(dir)) folders.add(dir);
  });
  return [...folders].filter((path) => nameOf(path) !== '');
}
