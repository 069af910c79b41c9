// RFC 4331 quota properties: what the storage behind a resource holds (committed shares and
// explorer files, as the quota counts them) and how much more it takes: the storage config's
// quota when it has one, else the free space of the local driver's disk; an S3 bucket without a
// quota has no limit to report. Only sent when asked for by name (never in allprop).
import { statfs } from 'node:fs/promises';
import type { FsEntry } from '@shared/api/fs.schema';
import type { MountService } from '@server/modules/mounts/mount.service';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';

export type Quota = { used: number; available: number | null };
export const quotaNames = ['quota-available-bytes', 'quota-used-bytes'] as const;

export class WebdavQuota {
  constructor(
    private readonly mounts: Pick<MountService, 'find'>,
    private readonly configs: StorageConfigLookupService,
    private readonly blobDir: string | undefined,
  ) {}

  /** The quota of each mount the entries are on, read once per mount; null above the mounts. */
  async of(entries: readonly FsEntry[]): Promise<Map<string, Quota>> {
    const quotas = new Map<string, Quota>();
    for (const mountId of new Set(entries.flatMap((entry) => (entry.mount_id === null ? [] : [entry.mount_id])))) {
      const quota = await this.#ofMount(mountId);
      if (quota !== null) quotas.set(mountId, quota);
    }
    return quotas;
  }

  async #ofMount(mountId: string): Promise<Quota | null> {
    const mount = await this.mounts.find(mountId);
    const config = mount === undefined ? undefined : await this.configs.byId(mount.storage_config_id);
    if (config === undefined) return null;
    const used = await this.configs.usedBytes(config.id);
    if (config.total_storage_bytes !== null) return { used, available: Math.max(0, config.total_storage_bytes - used) };
    if (config.driver !== 'local' || this.blobDir === undefined) return { used, available: null };
    const disk = await statfs(this.blobDir).catch(() => null);
    return { used, available: disk === null ? null : disk.bavail * disk.bsize };
  }
}
