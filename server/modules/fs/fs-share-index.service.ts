// The seam through which file shares reach the explorer's index: a share committed into a storage
// config is entered, as it is committed, into the index of every mount that shows that config, so
// the explorer's search finds it without a refresh. Mounts map onto the storage's root, so the
// share's key is its path inside each mount.
import type { Repositories } from '@server/db/repositories';
import type { MountService } from '@server/modules/mounts/mount.service';
import type { FsIndex, StoredFile } from './fs-index';
import { pathOfKey } from '@server/lib/fs-path';

export class FsShareIndex {
  constructor(
    private readonly index: FsIndex,
    private readonly mounts: Pick<MountService, 'listByStorageConfig'>,
  ) {}

  /** Run inside the commit's transaction (`repos` bound to it); call `changed` once it is over. */
  async stored(
    repos: Pick<Repositories, 'mounts' | 'fsEntries'>,
    configId: string,
    key: string,
    file: StoredFile,
  ): Promise<string[]> {
    const mounts = await this.mounts.listByStorageConfig(configId, repos);
    for (const mount of mounts)
      await this.index.shareStored(repos.fsEntries, mount, pathOfKey(mount.mount_path, key), file);
    return mounts.map((mount) => mount.id);
  }

  /**
   * Takes a deleted or used-up share out of the index of every mount that shows its storage, and
   * drops those mounts' cached listings and searches.
   */
  async removed(repos: Pick<Repositories, 'mounts' | 'fsEntries'>, configId: string, key: string): Promise<void> {
    const mounts = await this.mounts.listByStorageConfig(configId, repos);
    for (const mount of mounts) await this.index.removed(repos.fsEntries, mount, pathOfKey(mount.mount_path, key));
    this.changed(mounts.map((mount) => mount.id));
  }

  /** Drops the cached listings and searches of the mounts a committed share went into. */
  changed(mountIds: readonly string[]): void {
    for (const mountId of mountIds) this.index.changed(mountId);
  }
}
