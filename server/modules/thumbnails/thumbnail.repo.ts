// The thumbnail queue's rows. Keys under a folder are matched with substr(), not LIKE, so a `%`
// or `_` in a name is taken literally on both databases.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ThumbnailStatus, ThumbnailsTable } from '@server/db/schema';

export type ThumbnailRow = Selectable<ThumbnailsTable>;
type Db = Kysely<Database>;

export class ThumbnailRepo {
  constructor(private readonly db: Db) {}

  find(configId: string, key: string): Promise<ThumbnailRow | undefined> {
    return this.db
      .selectFrom('thumbnails')
      .selectAll()
      .where('storage_config_id', '=', configId)
      .where('object_key', '=', key)
      .executeTakeFirst();
  }

  /** Queues `key` (again): a new row, or a finished one whose source changed. */
  async enqueue(configId: string, key: string, etag: string | null, size: number, now: string): Promise<void> {
    await this.db
      .insertInto('thumbnails')
      .values({
        storage_config_id: configId,
        object_key: key,
        status: 'queued',
        source_etag: etag,
        source_size: size,
        attempts: 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['storage_config_id', 'object_key']).doUpdateSet({
          status: 'queued',
          source_etag: etag,
          source_size: size,
          attempts: 0,
          error: null,
          not_before: null,
          claimed_at: null,
          updated_at: now,
        }),
      )
      .execute();
  }

  /** Queues the keys that have no row yet; returns how many were added. */
  async enqueueMissing(configId: string, keys: ReadonlyArray<{ key: string; size: number }>, now: string) {
    if (keys.length === 0) return 0;
    const result = await this.db
      .insertInto('thumbnails')
      .values(
        keys.map(({ key, size }) => ({
          storage_config_id: configId,
          object_key: key,
          status: 'queued' as const,
          source_etag: null,
          source_size: size,
          attempts: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['storage_config_id', 'object_key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /** Queued rows that may run now, and rows whose claim is older than `staleBefore`, oldest first. */
  candidates(now: string, staleBefore: string, limit: number): Promise<ThumbnailRow[]> {
    return this.db
      .selectFrom('thumbnails')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb.or([eb('not_before', 'is', null), eb('not_before', '<=', now)])]),
          eb.and([eb('status', '=', 'working'), eb('claimed_at', '<', staleBefore)]),
        ]),
      )
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Takes the row for this worker; false when another worker took it first. */
  async claim(row: ThumbnailRow, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('thumbnails')
      .set({ status: 'working', claimed_at: now, updated_at: now })
      .where('storage_config_id', '=', row.storage_config_id)
      .where('object_key', '=', row.object_key)
      .where('status', '=', row.status)
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records the outcome of a claimed row, unless the row changed meanwhile (moved, queued again). */
  async finish(
    row: Pick<ThumbnailRow, 'storage_config_id' | 'object_key'>,
    claimedAt: string,
    outcome: {
      status: ThumbnailStatus;
      etag?: string | null;
      size?: number;
      error?: string | null;
      attempts?: number;
      notBefore?: string | null;
    },
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('thumbnails')
      .set({
        status: outcome.status,
        ...(outcome.etag === undefined ? {} : { source_etag: outcome.etag }),
        ...(outcome.size === undefined ? {} : { source_size: outcome.size }),
        ...(outcome.attempts === undefined ? {} : { attempts: outcome.attempts }),
        error: outcome.error ?? null,
        not_before: outcome.notBefore ?? null,
        claimed_at: null,
        updated_at: now,
      })
      .where('storage_config_id', '=', row.storage_config_id)
      .where('object_key', '=', row.object_key)
      .where('status', '=', 'working')
      .where('claimed_at', '=', claimedAt)
      .execute();
  }

  /** Records thumbnails made elsewhere (a copy) as done for `etag`. */
  async markDone(configId: string, key: string, etag: string | null, size: number, now: string): Promise<void> {
    await this.db
      .insertInto('thumbnails')
      .values({
        storage_config_id: configId,
        object_key: key,
        status: 'done',
        source_etag: etag,
        source_size: size,
        attempts: 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['storage_config_id', 'object_key']).doUpdateSet({
          status: 'done',
          source_etag: etag,
          source_size: size,
          error: null,
          claimed_at: null,
          not_before: null,
          updated_at: now,
        }),
      )
      .execute();
  }

  async remove(configId: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('thumbnails')
      .where('storage_config_id', '=', configId)
      .where('object_key', '=', key)
      .execute();
  }

  /** Every row below the folder at `key`. */
  below(configId: string, key: string): Promise<ThumbnailRow[]> {
    const prefix = `${key}/`;
    return this.db
      .selectFrom('thumbnails')
      .selectAll()
      .where('storage_config_id', '=', configId)
      .where(sql<string>`substr(object_key, 1, ${[...prefix].length})`, '=', prefix)
      .execute();
  }

  async removeBelow(configId: string, key: string): Promise<void> {
    const prefix = `${key}/`;
    await this.db
      .deleteFrom('thumbnails')
      .where('storage_config_id', '=', configId)
      .where(sql<string>`substr(object_key, 1, ${[...prefix].length})`, '=', prefix)
      .execute();
  }

  /** Moves a row to another key (a rename); a row already at the target is replaced. */
  async rekey(configId: string, fromKey: string, toKey: string, now: string): Promise<void> {
    await this.remove(configId, toKey);
    await this.db
      .updateTable('thumbnails')
      .set({ object_key: toKey, updated_at: now })
      .where('storage_config_id', '=', configId)
      .where('object_key', '=', fromKey)
      .execute();
  }

  /** Rows still to make (queued or being made). */
  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('thumbnails')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('status', 'in', ['queued', 'working'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** At a start with one instance (SQLite): a claim that outlived its process is queued again. */
  async requeueWorking(now: string): Promise<void> {
    await this.db
      .updateTable('thumbnails')
      .set({ status: 'queued', claimed_at: null, updated_at: now })
      .where('status', '=', 'working')
      .execute();
  }
}
