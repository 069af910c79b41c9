// The two limits every upload path enforces: the system max_upload_size and the storage
// config's quota (committed plus pending shares). Reservations are atomic: the quota check and
// the write of the pending row's size happen in one transaction that serialises writers (SQLite
// runs one transaction at a time; PostgreSQL locks the config row), so parallel uploads can't
// each see the same free space. Both limits answer 413 with a message naming them.
import type { Repositories } from '@server/db/repositories';
import { ErrorCode } from '@shared/errors';
import type { DatabaseConfig } from '@server/config';
import type { NewFile } from '@server/modules/files/files.types';
import type { ShareRecordsService } from '@server/modules/files/share-records.service';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import type { StorageConfigRow } from '@server/modules/storage-configs/storage-configs.types';
import { AppError } from '@server/lib/app-error';
import type { SystemSettingsService } from '@server/modules/settings/system-settings.service';

export type StreamLimit = { bytes: number; error: AppError };

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export class UploadLimits {
  constructor(
    private readonly repos: Pick<Repositories, 'transaction'>,
    private readonly configs: StorageConfigLookupService,
    private readonly records: ShareRecordsService,
    private readonly dialect: DatabaseConfig['kind'],
    private readonly settings: SystemSettingsService,
  ) {}

  /** Throws when `size` more bytes would break a limit; `counted` bytes of it are already in use. */
  async check(config: StorageConfigRow, size: number, counted = 0): Promise<void> {
    const limit = await this.forStream(config, counted);
    if (size > limit.bytes) throw limit.error;
  }

  /** The largest body accepted now, and the error to raise beyond it. */
  async forStream(config: StorageConfigRow, counted = 0): Promise<StreamLimit> {
    const max = await this.#maxUpload();
    const sizeLimit = { bytes: max.bytes, error: tooBig(max.label) };
    if (config.total_storage_bytes === null) return sizeLimit;
    const remaining = Math.max(0, config.total_storage_bytes - ((await this.configs.usedBytes(config.id)) - counted));
    if (remaining >= max.bytes) return sizeLimit;
    return { bytes: remaining, error: quotaError(remaining, config.total_storage_bytes) };
  }

  /** The max upload size alone: what a form's file kept on disk may hold before its storage is known. */
  async beforePlacement(): Promise<StreamLimit> {
    const max = await this.#maxUpload();
    return { bytes: max.bytes, error: tooBig(max.label) };
  }

  /** Inserts the pending row, reserving its declared `size`, only if it still fits. */
  async reserve(config: StorageConfigRow, row: NewFile): Promise<void> {
    const max = await this.#maxUpload();
    if (row.size > max.bytes) throw tooBig(max.label);
    await this.#serialised(config.id, async (trx, room) => {
      if (row.size > room.free) throw quotaError(room.free, room.total);
      await this.records.create(row, trx);
    });
  }

  /**
   * Grows a pending row's reservation from `current` to `wanted` bytes, or to as much as is free
   * when that is at least `needed`; throws 413 when not even `needed` fits. Returns the new size.
   */
  async grow(
    config: StorageConfigRow,
    fileId: string,
    current: number,
    needed: number,
    wanted: number,
  ): Promise<number> {
    const max = await this.#maxUpload();
    if (needed > max.bytes) throw tooBig(max.label);
    return this.#serialised(config.id, async (trx, room) => {
      const free = room.free + current;
      if (needed > free) throw quotaError(room.free, room.total);
      const size = Math.min(wanted, max.bytes, free);
      await this.records.update(fileId, { size }, trx);
      return size;
    });
  }

  /**
   * Reserves `size` bytes for an upload kept outside the files table (a mount upload): checks the
   * max upload size, then runs `write` in the same serialised transaction as share reservations
   * when the bytes fit; `current` of them are already counted (a file being replaced). A copy of
   * a folder reserves its files' total while the max upload size applies to `largest`, its
   * largest file.
   */
  async reserveWith<T>(
    config: StorageConfigRow,
    size: number,
    current: number,
    write: (trx: Repositories) => Promise<T>,
    largest = size,
  ): Promise<T> {
    const max = await this.#maxUpload();
    if (largest > max.bytes) throw tooBig(max.label);
    return this.#serialised(config.id, async (trx, room) => {
      if (size > room.free + current) throw quotaError(room.free, room.total);
      return write(trx);
    });
  }

  async #serialised<T>(
    configId: string,
    run: (trx: Repositories, room: { free: number; total: number }) => Promise<T>,
  ): Promise<T> {
    return this.repos.transaction(async (trx) => {
      const fresh = await this.configs.forQuota(configId, this.dialect === 'postgres', trx);
      if (fresh === undefined) throw new AppError(ErrorCode.NotFound, 'storage config not found');
      const total = fresh.total_storage_bytes;
      if (total === null) return run(trx, { free: Number.MAX_SAFE_INTEGER, total: Number.MAX_SAFE_INTEGER });
      return run(trx, { free: Math.max(0, total - (await this.configs.usedBytes(configId, trx))), total });
    });
  }

  /** The limit in bytes, and as the admin set it (1 KB, not 0.0 MiB) for the message. */
  async #maxUpload(): Promise<{ bytes: number; label: string }> {
    const settings = await this.settings.getSettings();
    return {
      bytes: settings.max_upload_size_bytes,
      label: `${settings.max_upload_size} ${settings.max_upload_size_unit}`,
    };
  }
}

function tooBig(limit: string): AppError {
  return new AppError(ErrorCode.PayloadTooLarge, `file exceeds the maximum upload size of ${limit}`);
}

function quotaError(remaining: number, total: number): AppError {
  return new AppError(
    ErrorCode.QuotaExceeded,
    `not enough storage space: ${mib(remaining)} left of ${mib(total)} total capacity`,
  );
}
