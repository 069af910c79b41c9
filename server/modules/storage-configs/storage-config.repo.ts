import type { Insertable, Kysely } from 'kysely';
import { inTransaction } from '@server/db/in-transaction';
import { prepareQuery } from '@server/db/prepared-query';
import type { Database, StorageMountsTable } from '@server/db/schema';
import type { StorageConfigRow, NewStorageConfig, StorageConfigPatch } from './storage-configs.types';

/** Every share delivery reads its file's config: prepared once (db/prepared-query.ts). */
const byIdQuery = prepareQuery<{ id: string }, StorageConfigRow>((db, arg) =>
  db.selectFrom('storage_configs').selectAll().where('id', '=', arg('id')),
);

export class StorageConfigRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Sorted by name; `publicOnly` for API keys. */
  list(options: { publicOnly?: boolean } = {}): Promise<StorageConfigRow[]> {
    let query = this.db.selectFrom('storage_configs').selectAll();
    if (options.publicOnly === true) query = query.where('is_public', '=', 1);
    return query.orderBy('name').orderBy('id').execute();
  }

  /** PostgreSQL only: reads the row and holds its lock until the transaction ends. */
  lockForUpdate(id: string): Promise<StorageConfigRow | undefined> {
    return this.db.selectFrom('storage_configs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  findById(id: string): Promise<StorageConfigRow | undefined> {
    return byIdQuery.first(this.db, { id });
  }

  /** The default config, else the oldest; `publicOnly` for API keys. */
  findDefault(options: { publicOnly?: boolean } = {}): Promise<StorageConfigRow | undefined> {
    let query = this.db.selectFrom('storage_configs').selectAll();
    if (options.publicOnly === true) query = query.where('is_public', '=', 1);
    return query.orderBy('is_default', 'desc').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('storage_configs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(row: NewStorageConfig): Promise<void> {
    await this.db.insertInto('storage_configs').values(row).execute();
  }

  async update(id: string, patch: StorageConfigPatch): Promise<void> {
    await this.db.updateTable('storage_configs').set(patch).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('storage_configs').where('id', '=', id).execute();
  }

  /** Makes `id` the only default config, in one transaction. */
  async setDefault(id: string, at: string): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('storage_configs')
        .set({ is_default: 0, updated_at: at })
        .where('is_default', '=', 1)
        .execute();
      await trx.updateTable('storage_configs').set({ is_default: 1, updated_at: at }).where('id', '=', id).execute();
    });
  }

  /** How many file shares and mounts use the config. */
  async usage(id: string): Promise<{ files: number; mounts: number }> {
    const files = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('storage_config_id', '=', id)
      .executeTakeFirstOrThrow();
    const mounts = await this.db
      .selectFrom('storage_mounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('storage_config_id', '=', id)
      .executeTakeFirstOrThrow();
    return { files: Number(files.n), mounts: Number(mounts.n) };
  }

  /**
   * Bytes counted against the quota: committed and pending shares, mount uploads in flight, and
   * files written through the mount explorer (objects other tools put in the bucket do not count).
   */
  async usedBytes(id: string): Promise<number> {
    const shares = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
      .where('storage_config_id', '=', id)
      .where('source_path', 'is', null) // a share of a mount's file: its bytes count as the mount's
      .executeTakeFirstOrThrow();
    const uploading = await this.db
      .selectFrom('fs_uploads')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
      .where('storage_config_id', '=', id)
      .executeTakeFirstOrThrow();
    const explorer = await this.db
      .selectFrom('fs_entries')
      .innerJoin('storage_mounts', 'storage_mounts.id', 'fs_entries.mount_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('fs_entries.size'), eb.lit(0)).as('bytes'))
      .where('storage_mounts.storage_config_id', '=', id)
      .where('fs_entries.counted', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(shares.bytes) + Number(uploading.bytes) + Number(explorer.bytes);
  }

  async mountPathTaken(mountPath: string): Promise<boolean> {
    return (
      (await this.db
        .selectFrom('storage_mounts')
        .select('id')
        .where('mount_path', '=', mountPath)
        .executeTakeFirst()) !== undefined
    );
  }

  /** Inserts a config and its mount together (first-start bootstrap). */
  async insertWithMount(config: NewStorageConfig, mount: Insertable<StorageMountsTable> | undefined): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx.insertInto('storage_configs').values(config).execute();
      if (mount !== undefined) await trx.insertInto('storage_mounts').values(mount).execute();
    });
  }
}
