import type { Kysely, Updateable } from 'kysely';
import type { Database, StorageMountsTable } from '@server/db/schema';
import type { MountRow, NewMount } from './mounts.types';

export class MountRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Sorted by sort_order, then name. */
  list(options: { activeOnly?: boolean } = {}): Promise<MountRow[]> {
    let query = this.db.selectFrom('storage_mounts').selectAll();
    if (options.activeOnly === true) query = query.where('is_active', '=', 1);
    return query.orderBy('sort_order').orderBy('name').orderBy('id').execute();
  }

  findById(id: string): Promise<MountRow | undefined> {
    return this.db.selectFrom('storage_mounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByPath(mountPath: string): Promise<MountRow | undefined> {
    return this.db.selectFrom('storage_mounts').selectAll().where('mount_path', '=', mountPath).executeTakeFirst();
  }

  async mountPathsOf(storageConfigId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('storage_mounts')
      .select('mount_path')
      .where('storage_config_id', '=', storageConfigId)
      .execute();
    return rows.map((row) => row.mount_path);
  }

  listByStorageConfig(storageConfigId: string): Promise<MountRow[]> {
    return this.db.selectFrom('storage_mounts').selectAll().where('storage_config_id', '=', storageConfigId).execute();
  }

  async listIdsByStorageConfig(storageConfigId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('storage_mounts')
      .select('id')
      .where('storage_config_id', '=', storageConfigId)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The storage config a mount would use, or undefined when there is none with that id. */
  findStorageConfig(id: string): Promise<{ id: string; driver: 'local' | 's3' } | undefined> {
    return this.db.selectFrom('storage_configs').select(['id', 'driver']).where('id', '=', id).executeTakeFirst();
  }

  async insert(row: NewMount): Promise<void> {
    await this.db.insertInto('storage_mounts').values(row).execute();
  }

  /** Records a cache refresh of the given mounts, or of every mount. */
  async markRefreshed(ids: readonly string[] | 'all', at: string): Promise<void> {
    if (ids !== 'all' && ids.length === 0) return;
    const query = this.db.updateTable('storage_mounts').set({ last_refresh_at: at });
    await (ids === 'all' ? query : query.where('id', 'in', ids)).execute();
  }

  async update(id: string, patch: Updateable<StorageMountsTable>): Promise<void> {
    await this.db.updateTable('storage_mounts').set(patch).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('storage_mounts').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
