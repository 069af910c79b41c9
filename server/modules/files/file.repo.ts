import { sql, type Kysely } from 'kysely';
import { inTransaction } from '@server/db/in-transaction';
import { prepareQuery } from '@server/db/prepared-query';
import type { Database } from '@server/db/schema';
import type { FileRow, NewFile, FilePatch, FilePage } from './files.types';

// What a visitor's share page and download read and count, prepared once (db/prepared-query.ts).
const bySlugQuery = prepareQuery<{ slug: string }, FileRow>((db, arg) =>
  db.selectFrom('files').selectAll().where('slug', '=', arg('slug')),
);
const tombstoneQuery = prepareQuery<{ slug: string }, { slug: string }>((db, arg) =>
  db.selectFrom('file_tombstones').select('slug').where('slug', '=', arg('slug')),
);
const countViewQuery = prepareQuery<{ id: string; now: string }, { views: number; max_views: number | null }>(
  (db, arg) =>
    db
      .updateTable('files')
      .set((eb) => ({ views: eb('views', '+', 1), updated_at: arg('now') }))
      .where('id', '=', arg('id'))
      .where('status', '=', 'committed')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', arg('now'))]))
      .where((eb) =>
        eb.or([eb('max_views', 'is', null), eb('max_views', '=', 0), eb('views', '<', eb.ref('max_views'))]),
      )
      .returning(['views', 'max_views']),
);

export class FileRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a share; a tombstone an earlier share left under the same slug goes. */
  async insert(row: NewFile): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx.deleteFrom('file_tombstones').where('slug', '=', row.slug).execute();
      await trx.insertInto('files').values(row).execute();
    });
  }

  findById(id: string): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findBySlug(slug: string): Promise<FileRow | undefined> {
    return bySlugQuery.first(this.db, { slug });
  }

  async slugTaken(slug: string): Promise<boolean> {
    return (await this.db.selectFrom('files').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
  }

  /** True while a pending upload targets this object. */
  async hasPending(storageConfigId: string, storagePath: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('files')
      .select('id')
      .where('storage_config_id', '=', storageConfigId)
      .where('storage_path', '=', storagePath)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row !== undefined;
  }

  async update(id: string, patch: FilePatch): Promise<void> {
    await this.db.updateTable('files').set(patch).where('id', '=', id).execute();
  }

  /** Deletes the row; true when it existed (so only one caller cleans up its object). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('files').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes a share that expired or used up its views, leaving a tombstone for its slug; false when it was gone already. */
  retire(row: Pick<FileRow, 'id' | 'slug'>, nowIso: string): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const result = await trx.deleteFrom('files').where('id', '=', row.id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await trx
        .insertInto('file_tombstones')
        .values({ slug: row.slug, retired_at: nowIso })
        .onConflict((oc) => oc.column('slug').doUpdateSet({ retired_at: nowIso }))
        .execute();
      return true;
    });
  }

  async isTombstoned(slug: string): Promise<boolean> {
    return (await tombstoneQuery.first(this.db, { slug })) !== undefined;
  }

  /** Forgets tombstones older than `before`; those slugs answer 404 from then on. */
  async pruneTombstones(before: string): Promise<number> {
    const result = await this.db.deleteFrom('file_tombstones').where('retired_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Counts one view atomically: only a committed, unexpired row still under its limit matches.
   * Returns the counts after the increment, or undefined when nothing was counted.
   */
  countView(id: string, nowIso: string): Promise<{ views: number; max_views: number | null } | undefined> {
    return countViewQuery.first(this.db, { id, now: nowIso });
  }

  /**
   * The shares whose object is `key` in a storage, or (for a folder) under it. Prefixes are compared
   * with substr(), never LIKE, so SQLite's case-folding LIKE cannot match another folder.
   */
  atStorageKey(storageConfigId: string, key: string, folder: boolean): Promise<FileRow[]> {
    const prefix = `${key}/`;
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('storage_config_id', '=', storageConfigId)
      .where((eb) =>
        folder ? eb(sql<string>`substr(storage_path, 1, ${prefix.length})`, '=', prefix) : eb('storage_path', '=', key),
      )
      .execute();
  }

  /** Committed shares, newest first; `createdBy` limits to one owner. */
  async page(options: { createdBy?: string; limit: number; offset: number }): Promise<FilePage> {
    let query = this.db.selectFrom('files').where('status', '=', 'committed');
    if (options.createdBy !== undefined) query = query.where('created_by', '=', options.createdBy);
    const items = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(options.limit)
      .offset(options.offset)
      .execute();
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { items, total: Number(counted.n) };
  }

  /**
   * Pending uploads older than `pendingCutoffIso`, and shares that expired or were used up before
   * `settledCutoffIso` (a grace, so a delivery still streaming its last view is never cut short).
   */
  sweepable(pendingCutoffIso: string, settledCutoffIso: string, limit: number): Promise<FileRow[]> {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('created_at', '<', pendingCutoffIso)]),
          eb.and([eb('expires_at', 'is not', null), eb('expires_at', '<=', settledCutoffIso)]),
          eb.and([
            eb('status', '=', 'committed'),
            eb('max_views', '>', 0),
            eb('views', '>=', eb.ref('max_views')),
            eb('updated_at', '<=', settledCutoffIso),
          ]),
        ]),
      )
      .limit(limit)
      .execute();
  }
}
