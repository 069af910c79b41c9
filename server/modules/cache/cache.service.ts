// Cache statistics and clearing. An admin clears by mount, by storage config or everything; a
// key clears only the mounts it can see, and a mount outside its view is reported as missing.
// Clearing a mount's caches is its refresh: the mount's last_refresh_at records it.
import {
  clearCacheResultSchema,
  type CacheStats,
  type ClearCacheRequest,
  type ClearCacheResult,
} from '@shared/api/cache.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import type { CacheClearScope, CacheRegistry } from '@server/lib/cache/cache-registry';
import type { AdminAuth } from '@server/modules/auth/auth.types';
import type { IdempotencyStore, IdempotentRequest } from '@server/modules/idempotency/idempotency.service';
import type { MountService, MountStore, MountUser } from '@server/modules/mounts/mount.service';

const mb = 1024 * 1024;

export class CacheService {
  constructor(
    private readonly caches: CacheRegistry,
    private readonly mounts: MountService,
    private readonly idempotency: IdempotencyStore,
  ) {}

  stats(_auth: AdminAuth): CacheStats {
    const memory = process.memoryUsage();
    return {
      caches: this.caches.stats(),
      system: {
        rssMb: round2(memory.rss / mb),
        heapUsedMb: round2(memory.heapUsed / mb),
        uptimeSeconds: Math.round(process.uptime()),
      },
    };
  }

  /** Replayable from the offline queue: a repeated key gets the first count back. */
  async clearAsAdmin(
    _auth: AdminAuth,
    input: ClearCacheRequest,
    idempotent?: IdempotentRequest,
  ): Promise<ClearCacheResult> {
    return this.idempotency.once(idempotent, clearCacheResultSchema, async (trx) => {
      if (input.mountId === undefined && input.storageConfigId === undefined) {
        const cleared = this.caches.clearAll();
        await this.mounts.markRefreshed('all', trx);
        return { cleared };
      }
      return this.#clear(await this.mounts.clearScope(input, trx), trx);
    });
  }

  /** The /user route: only mounts the caller can see, so a key never clears another's caches. */
  async clearVisible(auth: MountUser, input: ClearCacheRequest): Promise<ClearCacheResult> {
    const visible = await this.mounts.visibleRows(auth);
    const chosen = visible.filter(
      (mount) =>
        (input.mountId === undefined || mount.id === input.mountId) &&
        (input.storageConfigId === undefined || mount.storage_config_id === input.storageConfigId),
    );
    if (chosen.length === 0 && (input.mountId !== undefined || input.storageConfigId !== undefined)) {
      throw new AppError(
        ErrorCode.NotFound,
        input.mountId === undefined ? 'storage config not found' : 'mount not found',
      );
    }
    return this.#clear({ mountIds: chosen.map((mount) => mount.id) });
  }

  async #clear(scope: CacheClearScope & { mountIds: string[] }, within?: MountStore): Promise<ClearCacheResult> {
    const cleared = this.caches.clear(scope);
    await this.mounts.markRefreshed(scope.mountIds, within);
    return { cleared };
  }
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
