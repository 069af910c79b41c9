// Mount points: admin CRUD, and the active mounts an API key can see from its basic_path (those
// below it plus those containing it). Every change drops the mount's cached listings.
import { randomUUID } from 'node:crypto';
import type { Repositories } from '@server/db/repositories';
import type { Updateable } from 'kysely';
import {
  MOUNT_DEFAULT_CACHE_TTL,
  type CreateMountRequest,
  type MountView,
  type UpdateMountRequest,
} from '@shared/api/mount.schema';
import { ErrorCode } from '@shared/errors';
import { isAncestorOf, isPathAllowed, isPathVisible, normalizePath } from '@shared/path-rule';
import type { MountRepo } from './mount.repo';
import type { MountRow } from './mounts.types';
import type { StorageMountsTable } from '@server/db/schema';
import { isUniqueViolation } from '@server/db/unique-violation';
import { AppError } from '@server/lib/app-error';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import { isoAt, type Clock } from '@server/lib/clock';
import { fieldError } from '@server/lib/field-error';
import type { AdminAuth, ApiKeyAuth } from '@server/modules/auth/auth.types';

/** The mounts' repository, alone or bound to a caller's transaction (an idempotent request's). */
export type MountStore = Pick<Repositories, 'mounts'>;

export class MountService {
  private readonly mounts: MountRepo;

  constructor(
    private readonly repos: MountStore,
    private readonly clock: Clock,
    private readonly caches: CacheRegistry,
  ) {
    this.mounts = repos.mounts;
  }

  async list(_auth: AdminAuth): Promise<MountView[]> {
    return (await this.mounts.list()).map(toView);
  }

  async get(_auth: AdminAuth, id: string): Promise<MountView> {
    return toView(await this.row(id));
  }

  async create(auth: AdminAuth, input: CreateMountRequest): Promise<MountView> {
    await this.assertStorage(input.storage_type, input.storage_config_id);
    await this.assertPathFree(input.mount_path);
    const now = isoAt(this.clock);
    const id = randomUUID();
    await this.write(() =>
      this.mounts.insert({
        id,
        name: input.name,
        storage_type: input.storage_type,
        storage_config_id: input.storage_config_id,
        mount_path: input.mount_path,
        remark: input.remark ?? null,
        is_active: input.is_active === false ? 0 : 1,
        sort_order: input.sort_order ?? 0,
        cache_ttl: input.cache_ttl ?? MOUNT_DEFAULT_CACHE_TTL,
        created_by: `admin:${auth.adminId}`,
        created_at: now,
        updated_at: now,
        last_refresh_at: null,
      }),
    );
    return toView(await this.row(id));
  }

  async update(_auth: AdminAuth, id: string, input: UpdateMountRequest): Promise<MountView> {
    const current = await this.row(id);
    if (input.storage_type !== undefined || input.storage_config_id !== undefined) {
      await this.assertStorage(
        input.storage_type ?? current.storage_type,
        input.storage_config_id ?? current.storage_config_id,
      );
    }
    if (input.mount_path !== undefined && input.mount_path !== current.mount_path)
      await this.assertPathFree(input.mount_path);
    const patch: Updateable<StorageMountsTable> = {
      name: input.name,
      storage_type: input.storage_type,
      storage_config_id: input.storage_config_id,
      mount_path: input.mount_path,
      remark: input.remark,
      is_active: input.is_active === undefined ? undefined : Number(input.is_active),
      sort_order: input.sort_order,
      cache_ttl: input.cache_ttl,
      updated_at: isoAt(this.clock),
    };
    await this.write(() => this.mounts.update(id, patch));
    this.caches.clear({ mountIds: [id] });
    return toView(await this.row(id));
  }

  async delete(_auth: AdminAuth, id: string): Promise<void> {
    if (!(await this.mounts.delete(id))) throw notFound();
    this.caches.clear({ mountIds: [id] });
  }

  /**
   * The active mounts a caller can see. With `path`, only those at or below it or containing it;
   * the path itself must be one the caller may walk through.
   */
  async listVisible(auth: MountUser, path?: string): Promise<MountView[]> {
    const base = basePathOf(auth);
    const scope = path === undefined ? base : normalizePath(path);
    if (scope === null) throw fieldError('path', 'path is not a valid absolute path');
    if (!isPathVisible(base, scope))
      throw new AppError(ErrorCode.Forbidden, "path is outside this API key's base path");
    const rows = await this.visibleRows(auth);
    return rows
      .filter((row) => isPathAllowed(scope, row.mount_path) || isAncestorOf(row.mount_path, scope))
      .map(toView);
  }

  async getVisible(auth: MountUser, id: string): Promise<MountView> {
    const row = (await this.visibleRows(auth)).find((mount) => mount.id === id);
    if (row === undefined) throw notFound();
    return toView(row);
  }

  /** Active mounts below the caller's base path or containing it (all active ones for an admin). */
  async visibleRows(auth: MountUser): Promise<MountRow[]> {
    const base = basePathOf(auth);
    const rows = await this.mounts.list({ activeOnly: true });
    return rows.filter((row) => isPathAllowed(base, row.mount_path) || isAncestorOf(row.mount_path, base));
  }

  /** The mount with this id, whoever asks (a WebDAV quota, for a mount its listing already showed). */
  find(id: string): Promise<MountRow | undefined> {
    return this.mounts.findById(id);
  }

  /** The paths of the mounts showing a storage config (whatever their state). */
  mountPathsOf(storageConfigId: string): Promise<string[]> {
    return this.mounts.mountPathsOf(storageConfigId);
  }

  /**
   * What an admin's cache clear reaches: the one mount, else every mount of one storage config;
   * NotFound names which is unknown.
   */
  async clearScope(
    input: { mountId?: string; storageConfigId?: string },
    within: MountStore = this.repos,
  ): Promise<{ mountIds: string[]; storageConfigId?: string }> {
    if (input.mountId !== undefined) {
      if ((await within.mounts.findById(input.mountId)) === undefined) throw notFound();
      return { mountIds: [input.mountId] };
    }
    const { storageConfigId } = input;
    if (storageConfigId === undefined) return { mountIds: [] };
    if ((await within.mounts.findStorageConfig(storageConfigId)) === undefined)
      throw new AppError(ErrorCode.NotFound, 'storage config not found');
    return { mountIds: await within.mounts.listIdsByStorageConfig(storageConfigId), storageConfigId };
  }

  /** The mounts showing a storage config; `within`, a caller's transaction (a share's commit). */
  listByStorageConfig(storageConfigId: string, within: MountStore = this.repos): Promise<MountRow[]> {
    return within.mounts.listByStorageConfig(storageConfigId);
  }

  /** Records that these mounts' caches were just cleared (a clear is the mount's refresh); returns when. */
  async markRefreshed(mountIds: readonly string[] | 'all', within: MountStore = this.repos): Promise<string> {
    const at = isoAt(this.clock);
    await within.mounts.markRefreshed(mountIds, at);
    return at;
  }

  private async row(id: string): Promise<MountRow> {
    const row = await this.mounts.findById(id);
    if (row === undefined) throw notFound();
    return row;
  }

  private async assertStorage(storageType: string, storageConfigId: string): Promise<void> {
    const config = await this.mounts.findStorageConfig(storageConfigId);
    if (config === undefined) throw fieldError('storage_config_id', 'storage_config_id names no storage config');
    if (config.driver !== storageType) {
      throw fieldError('storage_type', `storage_type must match the storage config's driver (${config.driver})`);
    }
  }

  private async assertPathFree(mountPath: string): Promise<void> {
    if ((await this.mounts.findByPath(mountPath)) !== undefined) throw pathTaken();
  }

  private async write(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw pathTaken();
      throw error;
    }
  }
}

/** Who may use the /user mount routes: an admin, or a key with mount permission. */
export type MountUser = AdminAuth | ApiKeyAuth;

function basePathOf(auth: MountUser): string {
  return auth.kind === 'admin' ? '/' : auth.basicPath;
}

function notFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'mount not found');
}

function pathTaken(): AppError {
  return new AppError(ErrorCode.Conflict, 'another mount already uses this mount_path');
}

function toView(row: MountRow): MountView {
  return {
    id: row.id,
    name: row.name,
    storage_type: row.storage_type,
    storage_config_id: row.storage_config_id,
    mount_path: row.mount_path,
    remark: row.remark,
    is_active: row.is_active === 1,
    sort_order: row.sort_order,
    cache_ttl: row.cache_ttl,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_refresh_at: row.last_refresh_at,
  };
}
