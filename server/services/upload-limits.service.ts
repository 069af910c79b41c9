// The two limits every upload path enforces: the system max_upload_size and the storage
// config's quota (committed plus pending shares). Both answer 413 with a message naming them.
import { ErrorCode } from '../../src/shared/errors';
import type { StorageConfigRepo, StorageConfigRow } from '../db/repos/storage-config.repo';
import { AppError } from '../lib/app-error';
import type { SystemSettingsService } from './system-settings.service';

export type StreamLimit = { bytes: number; error: AppError };

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export class UploadLimits {
  constructor(
    private readonly settings: SystemSettingsService,
    private readonly configs: StorageConfigRepo,
  ) {}

  /** Throws when `size` more bytes would break a limit; `counted` bytes of it are already in use. */
  async check(config: StorageConfigRow, size: number, counted = 0): Promise<void> {
    const limit = await this.forStream(config, counted);
    if (size > limit.bytes) throw limit.error;
  }

  /** The largest body accepted now, and the error to raise beyond it. */
  async forStream(config: StorageConfigRow, counted = 0): Promise<StreamLimit> {
    const { max_upload_size_bytes: max } = await this.settings.getSettings();
    const sizeLimit = { bytes: max, error: new AppError(ErrorCode.PayloadTooLarge, `file exceeds the maximum upload size of ${mib(max)}`) };
    if (config.total_storage_bytes === null) return sizeLimit;
    const remaining = Math.max(0, config.total_storage_bytes - ((await this.configs.usedBytes(config.id)) - counted));
    if (remaining >= max) return sizeLimit;
    return {
      bytes: remaining,
      error: new AppError(ErrorCode.QuotaExceeded, `not enough storage space: ${mib(remaining)} left of ${mib(config.total_storage_bytes)} total capacity`),
    };
  }
}
