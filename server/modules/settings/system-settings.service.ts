// The public system settings, read by other services on hot paths (upload limits, guest pastes),
// so the parsed values are kept in memory and reloaded after a change or when the TTL runs out.
import type { Repositories } from '@server/db/repositories';
import { z } from 'zod';
import {
  systemSettingsSchema,
  type MaxUploadSize,
  type SystemSettings,
  type UpdateSystemSettingsRequest,
  uploadSizeBytes,
  uploadSizeUnits,
  webdavUploadModes,
} from '@shared/api/settings.schema';
import type { SystemSettingsRepo } from './system-settings.repo';
import { isoAt, type Clock } from '@server/lib/clock';
import type { AdminAuth } from '@server/modules/auth/auth.types';
import type { IdempotencyStore, IdempotentRequest } from '@server/modules/idempotency/idempotency.service';
import { localBus, type CacheBus } from '@server/cluster/cache-bus';

/** Other processes (PostgreSQL deployments) may change settings; this bounds how stale they get. */
const reloadAfterMs = 30_000;

/** How each stored text value is read; a missing or corrupt row falls back to its default. */
const storedSettings = {
  max_upload_size: z.coerce.number().int().positive().catch(100),
  max_upload_size_unit: z.enum(uploadSizeUnits).catch('MB'),
  webdav_upload_mode: z.enum(webdavUploadModes).catch('auto'),
  allow_guest_pastes: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .catch(false),
  thumbnail_max_source_mb: z.coerce.number().int().positive().catch(50),
};
type StoredKey = keyof typeof storedSettings;
const storedKeys = [
  'max_upload_size',
  'max_upload_size_unit',
  'webdav_upload_mode',
  'allow_guest_pastes',
  'thumbnail_max_source_mb',
] as const satisfies readonly StoredKey[];
const storedSchema = z.object(storedSettings);

async function load(repo: SystemSettingsRepo): Promise<SystemSettings> {
  const rows = await repo.findMany(storedKeys);
  const parsed = storedSchema.parse(Object.fromEntries(rows.map((row) => [row.key, row.value])));
  return { ...parsed, max_upload_size_bytes: uploadSizeBytes(parsed.max_upload_size, parsed.max_upload_size_unit) };
}

export class SystemSettingsService {
  private readonly repo: SystemSettingsRepo;
  private cached: { settings: SystemSettings; loadedAt: number } | undefined;

  constructor(
    repos: Pick<Repositories, 'systemSettings'>,
    private readonly clock: Clock,
    private readonly idempotency: IdempotencyStore,
    private readonly bus: CacheBus = localBus,
  ) {
    this.repo = repos.systemSettings;
    // Another instance changed the settings (or messages may have been missed): read them again.
    bus.listen({
      onMessage: (message) => {
        if (typeof message === 'object' && message !== null && 'settings' in message) this.invalidate();
      },
      onReconnect: () => this.invalidate(),
    });
  }

  /** The current settings, for any service; no auth needed because nothing here is secret. */
  async getSettings(): Promise<SystemSettings> {
    const now = this.clock.now();
    if (this.cached !== undefined && now - this.cached.loadedAt < reloadAfterMs) return this.cached.settings;
    const settings = await load(this.repo);
    this.cached = { settings, loadedAt: now };
    return settings;
  }

  async maxUploadSize(): Promise<MaxUploadSize> {
    const { max_upload_size_bytes } = await this.getSettings();
    return { max_upload_size: max_upload_size_bytes / 1024 / 1024, max_upload_size_unit: 'MB', max_upload_size_bytes };
  }

  /** A replay from the offline queue gets the first answer and writes nothing again. */
  async update(
    _auth: AdminAuth,
    input: UpdateSystemSettingsRequest,
    idempotent?: IdempotentRequest,
  ): Promise<SystemSettings> {
    const values = storedKeys.flatMap((key) => {
      const value = input[key];
      return value === undefined ? [] : [{ key, value: String(value) }];
    });
    try {
      return await this.idempotency.once(idempotent, systemSettingsSchema, async (repos) => {
        await repos.systemSettings.upsertMany(values, isoAt(this.clock));
        return load(repos.systemSettings);
      });
    } finally {
      this.invalidate();
      this.bus.publish({ settings: 'changed' });
    }
  }

  /** Drops the in-memory copy so the next read goes to the database. */
  invalidate(): void {
    this.cached = undefined;
  }
}
