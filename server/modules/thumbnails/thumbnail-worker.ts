// Drains the thumbnail queue in the background: at most `concurrency` jobs at a time (one by
// default), each reading its source whole (never more than the admin's limit) and writing the two
// WebP sizes beside it. A claim is a row update, so instances on one database never make the same
// job twice; a claim older than the lease (its instance died) is taken again, and a start on SQLite
// queues its own unfinished claims again. A source that cannot be decoded is marked failed and the
// queue moves on; a storage outage is retried later, three times at most.
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import { isoAt, type Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import { StorageError } from '@server/storage/storage-driver';
import type { StorageRegistry } from '@server/storage/storage-registry';
import { makeThumbnails } from './thumbnail-maker';
import type { ThumbnailRow } from './thumbnail.repo';
import type { ThumbnailStore } from './thumbnail-store';
import { readAtMost } from '@server/lib/byte-stream';
import { WakeLoop } from '@server/lib/wake-loop';

export type ThumbnailWorkerOptions = {
  store: ThumbnailStore;
  configs: StorageConfigLookupService;
  storage: StorageRegistry;
  clock: Clock;
  logger: Logger;
  /** The admin's limit on a source's size, in bytes. */
  maxSourceBytes: () => Promise<number>;
  /** Jobs at once. */
  concurrency?: number;
  /** How often the queue is looked at when nothing woke the worker. */
  pollMs?: number;
  /** A claim older than this belongs to an instance that died. */
  leaseMs?: number;
  /** Whether this is the only instance (SQLite): its old claims are its own. */
  alone: boolean;
};

const maxAttempts = 3;
const retryAfterMs = 30_000;

class TooLarge extends Error {}

export class ThumbnailWorker {
  #running = 0;
  #jobs = new Set<Promise<void>>();
  readonly #loop: WakeLoop;

  constructor(private readonly options: ThumbnailWorkerOptions) {
    this.#loop = new WakeLoop({
      pass: () => this.#fill(),
      pollMs: options.pollMs ?? 5_000,
      onError: (error) =>
        options.logger.warn('thumbnail queue could not be read', {
          error: error instanceof Error ? error.message : 'unknown',
        }),
    });
  }

  async start(): Promise<void> {
    if (this.options.alone) await this.options.store.repo.requeueWorking(isoAt(this.options.clock));
    this.options.store.onQueued(() => this.wake());
    this.#loop.start();
  }

  /** Stops taking jobs and waits for the ones running. */
  async stop(): Promise<void> {
    this.options.store.onQueued(() => undefined);
    await this.#loop.stop();
    await Promise.allSettled([...this.#jobs]);
  }

  wake(): void {
    this.#loop.wake();
  }

  /** Claims jobs up to the concurrency; a freed slot wakes the loop again. */
  async #fill(): Promise<void> {
    const { concurrency = 1, leaseMs = 120_000, clock, store } = this.options;
    while (!this.#loop.stopped && this.#running < concurrency) {
      const now = isoAt(clock);
      const candidates = await store.repo.candidates(now, isoAt(clock, -leaseMs), concurrency * 4);
      let claimed: ThumbnailRow | undefined;
      for (const row of candidates) {
        if (await store.repo.claim(row, now)) {
          claimed = { ...row, status: 'working', claimed_at: now, updated_at: now };
          break;
        }
      }
      if (claimed === undefined) break;
      this.#run(claimed, now);
    }
  }

  #run(row: ThumbnailRow, claimedAt: string): void {
    this.#running += 1;
    const job = this.#make(row, claimedAt).finally(() => {
      this.#running -= 1;
      this.#jobs.delete(job);
      this.wake();
    });
    this.#jobs.add(job);
  }

  async #make(row: ThumbnailRow, claimedAt: string): Promise<void> {
    const { store, configs, storage, clock, logger } = this.options;
    const finish = (outcome: Parameters<ThumbnailStore['repo']['finish']>[2]) =>
      store.repo.finish(row, claimedAt, outcome, isoAt(clock));
    try {
      const config = await configs.byId(row.storage_config_id);
      if (config === undefined) return await store.repo.remove(row.storage_config_id, row.object_key);
      const driver = await storage.driverFor(config);
      const head = await driver.head(row.object_key);
      if (head === null) return await store.repo.remove(row.storage_config_id, row.object_key);
      const limit = await this.options.maxSourceBytes();
      if (head.size > limit)
        return await finish({ status: 'skipped', etag: head.etag, size: head.size, error: 'larger than the limit' });
      let source: Buffer;
      try {
        source = await readAtMost((await driver.getObject(row.object_key)).body, {
          bytes: limit,
          error: new TooLarge(),
        });
      } catch (error) {
        if (error instanceof TooLarge)
          return await finish({ status: 'skipped', etag: head.etag, size: head.size, error: 'larger than the limit' });
        throw error;
      }
      let made: Awaited<ReturnType<typeof makeThumbnails>>;
      try {
        made = await makeThumbnails(source);
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'not an image';
        logger.info('thumbnail not made: the file is not a decodable image', { key: row.object_key, reason });
        return await finish({ status: 'failed', etag: head.etag, size: head.size, error: reason.slice(0, 500) });
      }
      await store.write({ config, storage: { id: config.id, name: config.name }, driver }, row.object_key, made);
      await finish({ status: 'done', etag: head.etag, size: head.size });
    } catch (error) {
      const attempts = row.attempts + 1;
      const reason = error instanceof Error ? error.message : 'unknown';
      logger.warn('thumbnail job failed', { key: row.object_key, attempts, error: reason });
      const gone = error instanceof StorageError && error.kind === 'not-found';
      await finish(
        gone || attempts >= maxAttempts
          ? { status: 'failed', attempts, error: reason.slice(0, 500) }
          : { status: 'queued', attempts, error: reason.slice(0, 500), notBefore: isoAt(clock, retryAfterMs) },
      ).catch(() => undefined);
    }
  }
}
