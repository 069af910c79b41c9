// Resolves an explorer path for a caller: the admin reaches every active mount; an API
// key reaches its base path and below, segment by segment, and may only walk through the folders
// above it. Every fs call starts here, so no path reaches storage unchecked.
import { ErrorCode } from '@shared/errors';
import { normalizePath } from '@shared/path-rule';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import { AppError } from '@server/lib/app-error';
import { fieldError } from '@server/lib/field-error';
import type { Logger } from '@server/lib/logger';
import type { StorageDriver } from '@server/storage/storage-driver';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { AdminAuth, ApiKeyAuth } from '@server/modules/auth/auth.types';
import type { MountRow } from '@server/modules/mounts/mounts.types';
import type { MountService } from '@server/modules/mounts/mount.service';
import type { StorageConfigRow } from '@server/modules/storage-configs/storage-configs.types';
import { atOrUnder, innermostMount, keyOf, parseFsPath, under, type FsPath } from '@server/lib/fs-path';
import type { FsLockGuard } from './fs-locks';
import { onStorage, type StorageName } from '@server/storage/on-storage';
import { isThumbnailKey } from '@server/lib/thumbnail-keys';

export type FsCaller = AdminAuth | ApiKeyAuth;

/** A path inside a mount. `allowed`: at or below the caller's base (else only an ancestor of it). */
export type MountTarget = {
  kind: 'mount';
  caller: FsCaller;
  path: string;
  /** The request named a folder (it ended in `/`). */
  folder: boolean;
  key: string;
  mount: MountRow;
  config: StorageConfigRow;
  driver: StorageDriver;
  storage: StorageName;
  allowed: boolean;
  canWrite: boolean;
  /** The caller's base path (canonical). */
  base: string;
  /** Every mount the caller sees (nested mounts show up in listings). */
  mounts: MountRow[];
};

/** `/` or a folder above the mounts: only the mounts the caller sees lead anywhere from here. */
export type VirtualTarget = { kind: 'virtual'; caller: FsCaller; path: string; mounts: MountRow[]; base: string };

const maxKeyBytes = 1024;

export class FsAccess {
  constructor(
    private readonly configs: StorageConfigLookupService,
    private readonly mounts: MountService,
    private readonly storage: StorageRegistry,
    readonly logger: Logger,
    /** The JSON API's: a change a WebDAV lock covers is refused (WebDAV checks its own requests). */
    private readonly locks?: FsLockGuard,
  ) {}

  /** Any path the caller may at least walk through. */
  locate(caller: FsCaller, raw: string, field = 'path'): Promise<MountTarget | VirtualTarget> {
    return this.#resolve(caller, parseFsPath(raw, field), field);
  }

  /** A canonical path the server stored (never decoded again), checked for writing now. */
  async writableAt(caller: FsCaller, path: string): Promise<MountTarget> {
    return this.#unlocked(this.#writable(await this.#resolve(caller, { path, folder: false }, 'path'), 'path'));
  }

  async #resolve(caller: FsCaller, { path, folder }: FsPath, field: string): Promise<MountTarget | VirtualTarget> {
    const base = baseOf(caller);
    const allowed = atOrUnder(path, base);
    if (!allowed && !under(base, path)) throw outsideBase(field);
    const mounts = await this.mounts.visibleRows(caller);
    const mount = innermostMount(mounts, path);
    if (mount === undefined) {
      if (!mounts.some((m) => under(m.mount_path, path)) && path !== '/')
        throw new AppError(ErrorCode.NotFound, `${field}: nothing is mounted at this path`);
      return { kind: 'virtual', caller, path, mounts, base };
    }
    const key = keyOf(mount.mount_path, path);
    // The thumbnails' hidden folder is no explorer path, whoever asks.
    if (isThumbnailKey(key)) throw new AppError(ErrorCode.NotFound, `${field}: nothing is at this path`);
    if (new TextEncoder().encode(key).length > maxKeyBytes)
      throw fieldError(field, 'is too long for an object key (at most 1024 bytes inside the mount)');
    const config = await this.configs.byId(mount.storage_config_id);
    if (config === undefined) throw new AppError(ErrorCode.NotFound, 'the storage of this mount no longer exists');
    const storage = { id: config.id, name: config.name };
    const driver = await onStorage(storage, this.logger, () => this.storage.driverFor(config));
    const canWrite = allowed && (caller.kind === 'admin' || !caller.readOnly);
    return {
      kind: 'mount',
      caller,
      path,
      folder,
      key,
      mount,
      config,
      driver,
      storage,
      allowed,
      canWrite,
      base,
      mounts,
    };
  }

  /** A path at or below the caller's base inside a mount: what reads of an object need. */
  async inMount(caller: FsCaller, raw: string, field = 'path'): Promise<MountTarget> {
    const target = await this.locate(caller, raw, field);
    if (target.kind === 'virtual')
      throw new AppError(ErrorCode.NotFound, `${field}: no file here; this path only leads to mounts`);
    if (!target.allowed) throw outsideBase(field);
    return target;
  }

  /** Like inMount, for a change; the caller must be allowed to write there. */
  async writable(caller: FsCaller, raw: string, field = 'path'): Promise<MountTarget> {
    return this.#unlocked(this.#writable(await this.locate(caller, raw, field), field));
  }

  async #unlocked(target: MountTarget): Promise<MountTarget> {
    await this.locks?.assertUnlocked(target.path);
    return target;
  }

  #writable(target: MountTarget | VirtualTarget, field: string): MountTarget {
    if (target.kind === 'virtual')
      throw new AppError(ErrorCode.BadRequest, `${field}: nothing can be written above the mounts`);
    if (!target.allowed) throw outsideBase(field);
    if (!target.canWrite) throw new AppError(ErrorCode.Forbidden, 'this API key is read-only');
    return target;
  }
}

/** The caller's base path, canonical; `/` for the admin. A key with a broken base sees nothing. */
export function baseOf(caller: FsCaller): string {
  if (caller.kind === 'admin') return '/';
  return normalizePath(caller.basicPath) ?? '/\u0000';
}

function outsideBase(field: string): AppError {
  return new AppError(ErrorCode.Forbidden, `${field} is outside this API key's base path`);
}
