// Every driver call of the explorer goes through `onStorage`, which logs a failing call once and
// answers an outage as 502/503 naming the storage config (the same rule as every driver from the
// registry, see storage/storage-outage.ts); the driver's own outcomes (StorageError) pass through.
import { AppError } from '@server/lib/app-error';
import type { Logger } from '@server/lib/logger';
import { StorageError } from '@server/storage/storage-driver';
import { storageOutage } from '@server/storage/storage-outage';

export type StorageName = { id: string; name: string };

/** Runs one storage call, mapping an outage to its 502/503. */
export async function onStorage<T>(storage: StorageName, logger: Logger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StorageError || error instanceof AppError) throw error;
    logger.warn('storage call failed', {
      storageConfigId: storage.id,
      error: error instanceof Error ? error.name : 'unknown',
    });
    throw storageOutage(error, storage.name) ?? error;
  }
}
