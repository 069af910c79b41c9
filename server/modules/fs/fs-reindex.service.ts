// Rebuilds a mount's search index from storage, so objects other tools wrote become searchable:
// every object is listed (no delimiter), upserted with a new generation, and what the run did not
// see is dropped at its end. POST /admin/fs/refresh runs to completion; the sweeper reindexes one
// stale mount per pass, at most `sweepBudget` objects at a time, resuming where it stopped.
import type { FsRefreshResult } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import type { Repositories } from '@server/db/repositories';
import type { SweepTask } from '@server/jobs/sweeper';
import { AppError } from '@server/lib/app-error';
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import { isoAt, type Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import { processLocks, type ClusterLocks } from '@server/cluster/cluster-locks';
import type { ListedObject } from '@server/storage/storage-driver';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { MountService } from '@server/modules/mounts/mount.service';
import type { MountRow } from '@server/modules/mounts/mounts.types';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import type { NewFsEntry } from './fs-entry.repo';
import { fileEntry, folderEntry } from './fs-index';
import { parentOf } from '@server/lib/fs-path';
import { onStorage } from '@server/storage/on-storage';
import { isThumbnailKey } from '@server/lib/thumbnail-keys';

/** A mount whose index is older than this is reindexed by the sweeper. */
export const FS_REINDEX_EVERY_MS = 60 * 60 * 1000;
/** Objects one sweeper pass lists at most. */
export const FS_SWEEP_BUDGET = 5_000;
const pageSize = 1000;

type Outcome = { done: boolean; removed: number };

export class FsReindexer {
  readonly #running = new Map<string, Promise<Outcome>>();

  constructor(
    private readonly repos: Pick<Repositories, 'fsEntries' | 'transaction'>,
    private readonly mounts: Pick<MountService, 'find' | 'markRefreshed'>,
    private readonly configs: Pick<StorageConfigLookupService, 'byId'>,
    private readonly storage: StorageRegistry,
    private readonly caches: CacheRegistry,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly sweepBudget = FS_SWEEP_BUDGET,
    private readonly locks: ClusterLocks = processLocks,
  ) {}

  /** A full reindex; the mount's caches are cleared and its last_refresh_at recorded. */
  async refresh(mountId: string): Promise<FsRefreshResult> {
    const mount = await this.mounts.find(mountId);
    if (mount === undefined) throw new AppError(ErrorCode.NotFound, 'mount not found');
    const { removed } = await this.#exclusive(mount.id, () => this.#run(mount, true, null));
    this.caches.clear({ mountIds: [mount.id] });
    this.caches.clearSearch();
    const at = await this.mounts.markRefreshed([mount.id]);
    return { mount_id: mount.id, indexed: await this.repos.fsEntries.count(mount.id), removed, last_refresh_at: at };
  }

  sweepTask(): SweepTask {
    return {
      name: 'fs-index',
      run: async (now) => {
        const [mountId] = await this.repos.fsEntries.staleMounts(new Date(now - FS_REINDEX_EVERY_MS).toISOString(), 1);
        const mount = mountId === undefined || this.#running.has(mountId) ? undefined : await this.mounts.find(mountId);
        if (mount === undefined) return 0;
        const outcome = await this.#exclusive(mount.id, () => this.#run(mount, false, this.sweepBudget));
        if (outcome.done) this.caches.clearSearch();
        return outcome.removed;
      },
    };
  }

  /** One run per mount at a time, in this process and across instances; a second caller waits for the first. */
  async #exclusive(mountId: string, run: () => Promise<Outcome>): Promise<Outcome> {
    while (this.#running.has(mountId)) await this.#running.get(mountId)?.catch(() => undefined);
    const running = this.locks.hold(`fs-index:${mountId}`, run);
    this.#running.set(mountId, running);
    try {
      return await running;
    } finally {
      this.#running.delete(mountId);
    }
  }

  async #run(mount: MountRow, fresh: boolean, budget: number | null): Promise<Outcome> {
    const entries = this.repos.fsEntries;
    const config = await this.configs.byId(mount.storage_config_id);
    if (config === undefined) return { done: true, removed: 0 };
    const storage = { id: config.id, name: config.name };
    const driver = await onStorage(storage, this.logger, () => this.storage.driverFor(config));
    const state = await entries.state(mount.id);
    const moved = state !== undefined && state.storage_config_id !== config.id;
    // A mount now pointing at other storage keeps nothing indexed from the old one.
    if (moved) await entries.deleteAll(mount.id);
    const resumed =
      !fresh && !moved && state?.cursor !== null && state?.cursor !== undefined
        ? { ...state, cursor: state.cursor }
        : undefined;
    const resume = resumed !== undefined;
    const generation = resumed?.generation ?? (state?.generation ?? 0) + 1;
    const kept = {
      storage_config_id: config.id,
      indexed_at: state?.indexed_at ?? null,
      entry_count: state?.entry_count ?? 0,
    };
    const startedAt = resumed?.started_at ?? isoAt(this.clock);
    let token = resumed === undefined || resumed.cursor === '' ? null : resumed.cursor;
    if (!resume)
      await entries.saveState({ mount_id: mount.id, generation, cursor: '', started_at: startedAt, ...kept });
    const folders = new Set<string>();
    let listed = 0;
    do {
      const page = await onStorage(storage, this.logger, () =>
        driver.list('', { token, limit: Math.min(pageSize, budget ?? pageSize) }),
      );
      const rows = page.objects.flatMap((object) => entriesOf(mount.id, object, generation, folders));
      await this.repos.transaction((trx) => trx.fsEntries.upsert(rows, 'reindex'));
      token = page.nextToken;
      listed += page.objects.length;
      if (token !== null)
        await entries.saveState({ mount_id: mount.id, generation, cursor: token, started_at: startedAt, ...kept });
    } while (token !== null && (budget === null || listed < budget));
    if (token !== null) return { done: false, removed: 0 };
    const removed = await entries.deleteStale(mount.id, generation);
    await entries.saveState({
      mount_id: mount.id,
      generation,
      storage_config_id: config.id,
      cursor: null,
      started_at: null,
      indexed_at: isoAt(this.clock),
      entry_count: await entries.count(mount.id),
    });
    this.logger.info('mount reindexed', { mountId: mount.id, listed, removed });
    return { done: true, removed };
  }
}

/** Keys no explorer path can name (empty, `.` or `..` segments, control characters, `\`). */
function addressable(key: string): boolean {
  if (isThumbnailKey(key)) return false;
  const segments = (key.endsWith('/') ? key.slice(0, -1) : key).split('/');
  return segments.every(
    (segment) => segment !== '' && segment !== '.' && segment !== '..' && !/[\u0000-\u001f\u007f\\]/.test(segment),
  );
}

/** The entry of one listed object (paths relative to the mount), preceded by its folders not yet seen in this run. */
function entriesOf(mountId: string, object: ListedObject, generation: number, folders: Set<string>): NewFsEntry[] {
  if (!addressable(object.key)) return [];
  const marker = object.key.endsWith('/');
  const path = `/${marker ? object.key.slice(0, -1) : object.key}`;
  const rows: NewFsEntry[] = [];
  const missing: string[] = [];
  for (let folder = marker ? path : parentOf(path); folder !== '/' && !folders.has(folder); folder = parentOf(folder)) {
    missing.push(folder);
    folders.add(folder);
  }
  for (const folder of missing.reverse())
    rows.push(folderEntry(mountId, folder, generation, folder === path ? object.lastModified : null));
  if (!marker)
    rows.push(
      fileEntry(
        mountId,
        path,
        { size: object.size, etag: object.etag ?? '', contentType: null, lastModified: object.lastModified },
        generation,
        false,
      ),
    );
  return rows;
}
