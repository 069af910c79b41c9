// Storage config administration (/s3-configs). Secrets are sealed with AES-256-GCM and
// never leave the server; API keys see public configs only; configs in use cannot be deleted.
import { randomUUID } from 'node:crypto';
import type { Repositories } from '@server/db/repositories';
import { isAncestorOf, isPathAllowed, normalizePath } from '@shared/path-rule';
import type {
  CreateS3ConfigRequest,
  StorageConfig,
  StorageConfigDeleted,
  UpdateStorageConfigRequest,
} from '@shared/api/storage-config.schema';
import { ErrorCode } from '@shared/errors';
import type { StorageConfigRepo } from './storage-config.repo';
import type { StorageConfigPatch, StorageConfigRow } from './storage-configs.types';
import { AppError } from '@server/lib/app-error';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import { isoAt, type Clock } from '@server/lib/clock';
import type { CryptoBox } from '@server/lib/crypto-box';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { AdminAuth, ApiKeyAuth } from '@server/modules/auth/auth.types';
import type { MountService } from '@server/modules/mounts/mount.service';

const defaultSignatureSeconds = 3600;
const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

export class StorageConfigService {
  readonly repo: StorageConfigRepo;

  constructor(
    repos: Pick<Repositories, 'storageConfigs'>,
    private readonly mounts: MountService,
    private readonly clock: Clock,
    private readonly box: CryptoBox,
    private readonly storage: StorageRegistry,
    private readonly caches: CacheRegistry,
  ) {
    this.repo = repos.storageConfigs;
  }

  async list(caller: AdminAuth | ApiKeyAuth): Promise<StorageConfig[]> {
    const rows = await this.repo.list({ publicOnly: caller.kind === 'apikey' });
    const reachable = [];
    for (const row of rows) if (await this.#reaches(caller, row)) reachable.push(row);
    return Promise.all(reachable.map((row) => this.#toWire(row, caller)));
  }

  async get(caller: AdminAuth | ApiKeyAuth, id: string): Promise<StorageConfig> {
    return this.#toWire(await this.usable(caller, id), caller);
  }

  async create(admin: AdminAuth, input: CreateS3ConfigRequest): Promise<StorageConfig> {
    const now = isoAt(this.clock);
    const id = randomUUID();
    await this.repo.insert({
      id,
      name: input.name,
      driver: 's3',
      provider_type: input.provider_type,
      endpoint_url: input.endpoint_url,
      bucket_name: input.bucket_name,
      region: input.region ?? null,
      access_key_id: input.access_key_id,
      secret_access_key_enc: this.box.seal(input.secret_access_key),
      path_style: flag(input.path_style),
      default_folder: input.default_folder,
      is_public: flag(input.is_public),
      is_default: (await this.repo.count()) === 0 ? 1 : 0,
      total_storage_bytes: input.total_storage_bytes ?? null,
      custom_host: input.custom_host ?? null,
      signature_expires_in: input.signature_expires_in ?? defaultSignatureSeconds,
      use_proxy: flag(input.use_proxy),
      created_at: now,
      updated_at: now,
      last_used_at: null,
      admin_id: admin.adminId,
    });
    return this.#toWire(await this.#row(id), admin);
  }

  async update(admin: AdminAuth, id: string, input: UpdateStorageConfigRequest): Promise<StorageConfig> {
    const current = await this.#row(id);
    if (
      current.driver === 'local' &&
      (input.endpoint_url !== undefined || input.bucket_name !== undefined || input.access_key_id !== undefined)
    ) {
      throw new AppError(ErrorCode.BadRequest, 'a local storage config has no endpoint, bucket or keys');
    }
    const patch: StorageConfigPatch = {
      name: input.name,
      provider_type: input.provider_type,
      endpoint_url: input.endpoint_url,
      bucket_name: input.bucket_name,
      region: input.region,
      access_key_id: input.access_key_id,
      secret_access_key_enc: input.secret_access_key === undefined ? undefined : this.box.seal(input.secret_access_key),
      path_style: flag(input.path_style),
      default_folder: input.default_folder,
      is_public: flag(input.is_public),
      custom_host: input.custom_host,
      signature_expires_in: input.signature_expires_in,
      total_storage_bytes: input.total_storage_bytes,
      use_proxy: flag(input.use_proxy),
      updated_at: isoAt(this.clock),
    };
    await this.repo.update(id, patch);
    this.#changed(id);
    return this.#toWire(await this.#row(id), admin);
  }

  async remove(id: string): Promise<StorageConfigDeleted> {
    await this.#row(id);
    const { files, mounts } = await this.repo.usage(id);
    if (files > 0 || mounts > 0) {
      throw new AppError(
        ErrorCode.Conflict,
        `this storage config is in use by ${files} file(s) and ${mounts} mount(s); remove them first`,
      );
    }
    await this.repo.delete(id);
    this.#changed(id);
    return { id, deleted: true };
  }

  async setDefault(admin: AdminAuth, id: string): Promise<StorageConfig> {
    await this.#row(id);
    await this.repo.setDefault(id, isoAt(this.clock));
    return this.#toWire(await this.#row(id), admin);
  }

  /**
   * The config the caller may upload to or read; any one for an admin; for a key, a public one with a
   * mount inside its basic_path or one that contains it (a key rooted at `/` reaches every public config).
   */
  async usable(caller: AdminAuth | ApiKeyAuth, id: string | undefined): Promise<StorageConfigRow> {
    const row =
      id === undefined
        ? await this.repo.findDefault({ publicOnly: caller.kind === 'apikey' })
        : await this.repo.findById(id);
    if (row === undefined)
      throw new AppError(
        ErrorCode.NotFound,
        id === undefined ? 'no storage config is set up' : 'storage config not found',
      );
    if (caller.kind === 'apikey' && row.is_public !== 1)
      throw new AppError(ErrorCode.NotFound, 'storage config not found');
    if (!(await this.#reaches(caller, row)))
      throw new AppError(ErrorCode.Forbidden, "this storage config has no mount inside the API key's basic_path");
    return row;
  }

  async #reaches(caller: AdminAuth | ApiKeyAuth, row: StorageConfigRow): Promise<boolean> {
    return (await this.keyPrefixFor(caller, row)) !== null;
  }

  /**
   * Where in the config's bucket a caller's share uploads go, so they land inside its basic_path:
   * '' when the whole bucket is in reach (an admin, a key rooted at `/`, or a mount inside the
   * key's basic_path), else the basic_path's sub-path inside the innermost mount that contains it;
   * null when no mount of the config is in the key's reach. Mounts map onto the bucket's root.
   */
  async keyPrefixFor(caller: AdminAuth | ApiKeyAuth, row: StorageConfigRow): Promise<string | null> {
    const base = normalizePath(caller.kind === 'admin' ? '/' : caller.basicPath);
    if (base === null) return null;
    if (base === '/') return '';
    const mountPaths = (await this.mounts.mountPathsOf(row.id)).map(normalizePath).filter((path) => path !== null);
    if (mountPaths.some((mountPath) => isPathAllowed(base, mountPath))) return '';
    const containing = mountPaths
      .filter((mountPath) => isAncestorOf(mountPath, base))
      .sort((a, b) => b.length - a.length)[0];
    return containing === undefined ? null : base.slice(containing === '/' ? 1 : containing.length + 1);
  }

  async #row(id: string): Promise<StorageConfigRow> {
    const row = await this.repo.findById(id);
    if (row === undefined) throw new AppError(ErrorCode.NotFound, 'storage config not found');
    return row;
  }

  #changed(id: string): void {
    this.storage.forget(id);
    this.caches.clear({ storageConfigId: id });
  }

  async #toWire(row: StorageConfigRow, caller: AdminAuth | ApiKeyAuth): Promise<StorageConfig> {
    const admin = caller.kind === 'admin';
    return {
      id: row.id,
      name: row.name,
      driver: row.driver,
      provider_type: row.provider_type,
      endpoint_url: admin ? row.endpoint_url : null,
      bucket_name: row.bucket_name,
      region: row.region,
      access_key_id: admin ? row.access_key_id : null,
      has_secret: row.secret_access_key_enc !== null,
      path_style: row.path_style === 1,
      default_folder: row.default_folder,
      is_public: row.is_public === 1,
      is_default: row.is_default === 1,
      custom_host: row.custom_host,
      signature_expires_in: row.signature_expires_in,
      total_storage_bytes: row.total_storage_bytes,
      used_storage_bytes: await this.repo.usedBytes(row.id),
      use_proxy: row.use_proxy === 1,
      created_at: row.created_at,
      updated_at: row.updated_at,
      last_used_at: row.last_used_at,
    };
  }
}
