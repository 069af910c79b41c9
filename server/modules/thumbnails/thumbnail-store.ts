// The thumbnails beside the files: what the explorer's changes call so thumbnails follow their file
// (removed, moved, copied; a folder's whole tree at once), and the queue the background worker
// drains. A thumbnail's failure never fails the change that called it: it is logged, and at worst
// the thumbnail is made again.
import { sql, type Kysely } from 'kysely';
import { Readable } from 'node:stream';
import { thumbnailSizes, type ThumbnailSize } from '@shared/api/fs-thumbnail.endpoints';
import type { Database } from '@server/db/schema';
import { isoAt, type Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import { StorageError } from '@server/storage/storage-driver';
import type { FollowedSite, FsFollower } from '@server/modules/fs/fs.types';
import { hasThumbnails, isThumbnailable, thumbnailFolderPrefix, thumbnailKey } from '@server/lib/thumbnail-keys';
import type { Thumbnails } from './thumbnail-maker';
import { ThumbnailRepo } from './thumbnail.repo';

/** One storage, as the explorer's resolved paths carry it. */
type ThumbnailSite = FollowedSite;

const copyConcurrency = 8;

export class ThumbnailStore implements FsFollower {
  readonly repo: ThumbnailRepo;
  #wake: () => void = () => undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.repo = new ThumbnailRepo(db);
  }

  /** The worker of this process, told when something is queued. */
  onQueued(wake: () => void): void {
    this.#wake = wake;
  }

  async enqueue(configId: string, key: string, etag: string | null, size: number): Promise<void> {
    await this.repo.enqueue(configId, key, etag, size, isoAt(this.clock));
    this.#wake();
  }

  /** Records thumbnails made elsewhere (the browser) from the file's version `etag`. */
  async made(configId: string, key: string, etag: string, size: number): Promise<void> {
    await this.repo.markDone(configId, key, etag, size, isoAt(this.clock));
  }

  /** Queues the images of a mount's index that have no thumbnail row (after a refresh). */
  async queueMissing(mountId: string): Promise<number> {
    const mount = await this.db
      .selectFrom('storage_mounts')
      .select('storage_config_id')
      .where('id', '=', mountId)
      .executeTakeFirst();
    if (mount === undefined) return 0;
    let queued = 0;
    let after = 0;
    for (;;) {
      const page = await this.db
        .selectFrom('fs_entries')
        .select(['id', 'path', 'size'])
        .where('mount_id', '=', mountId)
        .where('is_dir', '=', 0)
        .where('id', '>', after)
        .orderBy('id')
        .limit(1000)
        .execute();
      if (page.length === 0) break;
      after = Number(page[page.length - 1]?.id ?? after);
      const images = page
        .map((entry) => ({ key: entry.path.slice(1), size: Number(entry.size) }))
        .filter((entry) => isThumbnailable(entry.key));
      queued += await this.repo.enqueueMissing(mount.storage_config_id, images, isoAt(this.clock));
    }
    if (queued > 0) this.#wake();
    return queued;
  }

  /** Stores both sizes beside `key`; the browser's may be AVIF (`types`), the server's are WebP. */
  async write(
    site: ThumbnailSite,
    key: string,
    thumbnails: Thumbnails,
    types: Partial<Record<ThumbnailSize, string>> = {},
  ): Promise<void> {
    for (const size of thumbnailSizes)
      await site.driver.putObject(
        thumbnailKey(key, size),
        Readable.from([thumbnails[size]]),
        types[size] ?? 'image/webp',
      );
  }

  async removed(site: ThumbnailSite, key: string, folder: boolean): Promise<void> {
    await this.#quietly('remove', site, async () => {
      if (folder) {
        await this.#deleteTree(site, thumbnailFolderPrefix(key));
        await this.repo.removeBelow(site.config.id, key);
      } else if (hasThumbnails(key)) {
        await site.driver.deleteMany(thumbnailSizes.map((size) => thumbnailKey(key, size)));
        await this.repo.remove(site.config.id, key);
      }
    });
  }

  async moved(site: ThumbnailSite, fromKey: string, toKey: string, folder: boolean): Promise<void> {
    await this.#quietly('move', site, async () => {
      if (folder) {
        await this.#copyTree(site, fromKey, toKey);
        await this.#deleteTree(site, thumbnailFolderPrefix(fromKey));
        await this.#rekeyBelow(site.config.id, fromKey, toKey);
        return;
      }
      if (!hasThumbnails(fromKey)) return;
      const row = await this.repo.find(site.config.id, fromKey);
      if (row === undefined) return;
      if (hasThumbnails(toKey) && row.status === 'done') await this.#copyFile(site, fromKey, toKey);
      await site.driver.deleteMany(thumbnailSizes.map((size) => thumbnailKey(fromKey, size)));
      if (hasThumbnails(toKey)) await this.repo.rekey(site.config.id, fromKey, toKey, isoAt(this.clock));
      else await this.repo.remove(site.config.id, fromKey);
    });
  }

  async copied(site: ThumbnailSite, fromKey: string, toKey: string, folder: boolean): Promise<void> {
    await this.#quietly('copy', site, async () => {
      if (folder) {
        await this.#copyTree(site, fromKey, toKey);
        await this.#copyRowsBelow(site.config.id, fromKey, toKey);
        return;
      }
      if (!hasThumbnails(fromKey) || !hasThumbnails(toKey)) return;
      const row = await this.repo.find(site.config.id, fromKey);
      if (row?.status !== 'done') return;
      await this.#copyFile(site, fromKey, toKey);
      await this.repo.markDone(site.config.id, toKey, row.source_etag, row.source_size, isoAt(this.clock));
    });
  }

  async #copyFile(site: ThumbnailSite, fromKey: string, toKey: string): Promise<void> {
    for (const size of thumbnailSizes) {
      try {
        await site.driver.copy(thumbnailKey(fromKey, size), thumbnailKey(toKey, size));
      } catch (error) {
        if (!(error instanceof StorageError && error.kind === 'not-found')) throw error;
      }
    }
  }

  /** Copies every thumbnail below the folder `fromKey` to the same place below `toKey`. */
  async #copyTree(site: ThumbnailSite, fromKey: string, toKey: string): Promise<void> {
    const from = thumbnailFolderPrefix(fromKey);
    const to = thumbnailFolderPrefix(toKey);
    for await (const keys of this.#pages(site, from)) {
      const files = keys.filter((key) => !key.endsWith('/'));
      for (let i = 0; i < files.length; i += copyConcurrency)
        await Promise.all(
          files.slice(i, i + copyConcurrency).map((key) => site.driver.copy(key, `${to}${key.slice(from.length)}`)),
        );
    }
  }

  async #deleteTree(site: ThumbnailSite, prefix: string): Promise<void> {
    const keys: string[] = [];
    for await (const page of this.#pages(site, prefix)) keys.push(...page);
    // The local driver removes a folder key's whole directory; S3 ignores a missing marker.
    await site.driver.deleteMany([...keys.filter((key) => !key.endsWith('/')), prefix]);
  }

  async *#pages(site: ThumbnailSite, prefix: string): AsyncGenerator<string[]> {
    let token: string | null = null;
    do {
      const page = await site.driver.list(prefix, { token });
      yield page.objects.map((object) => object.key);
      token = page.nextToken;
    } while (token !== null);
  }

  async #rekeyBelow(configId: string, fromKey: string, toKey: string): Promise<void> {
    const from = `${fromKey}/`;
    const cut = [...from].length;
    await this.db
      .updateTable('thumbnails')
      .set({ object_key: sql<string>`${`${toKey}/`} || substr(object_key, ${cut + 1})`, updated_at: isoAt(this.clock) })
      .where('storage_config_id', '=', configId)
      .where(sql<string>`substr(object_key, 1, ${cut})`, '=', from)
      .execute();
  }

  async #copyRowsBelow(configId: string, fromKey: string, toKey: string): Promise<void> {
    const rows = (await this.repo.below(configId, fromKey)).filter((row) => row.status === 'done');
    const now = isoAt(this.clock);
    for (const row of rows)
      await this.repo.markDone(
        configId,
        `${toKey}/${row.object_key.slice(fromKey.length + 1)}`,
        row.source_etag,
        row.source_size,
        now,
      );
  }

  async #quietly(action: string, site: ThumbnailSite, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.warn('thumbnails did not follow a change', {
        action,
        storageConfigId: site.storage.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
