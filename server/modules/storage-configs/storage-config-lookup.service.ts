// What other domains read of a storage config: the row behind an id (the explorer's mounts, share
// deliveries, WebDAV's quota, the local blob endpoint) and the bytes its quota counts. Reads that
// guard a quota take `within`, the caller's transaction, and may lock the row for it.
import type { Repositories } from '@server/db/repositories';
import type { StorageConfigRow } from './storage-configs.types';

/** The storage configs' repository, alone or bound to a caller's transaction. */
export type StorageConfigStore = Pick<Repositories, 'storageConfigs'>;

export class StorageConfigLookupService {
  constructor(private readonly repos: StorageConfigStore) {}

  byId(id: string): Promise<StorageConfigRow | undefined> {
    return this.repos.storageConfigs.findById(id);
  }

  /**
   * The config as a quota check inside `within` sees it; `lock` holds its row until that
   * transaction ends (PostgreSQL; SQLite runs one writer at a time anyway).
   */
  forQuota(id: string, lock: boolean, within: StorageConfigStore): Promise<StorageConfigRow | undefined> {
    return lock ? within.storageConfigs.lockForUpdate(id) : within.storageConfigs.findById(id);
  }

  /** Bytes the quota counts: shares, mount uploads in flight, and files written through the explorer. */
  usedBytes(id: string, within: StorageConfigStore = this.repos): Promise<number> {
    return within.storageConfigs.usedBytes(id);
  }
}
