import type { Insertable, Kysely } from 'kysely';
import type { Database, FsUploadsTable } from '@server/db/schema';
import type { FsUploadRow } from './fs.types';

export type NewFsUpload = Insertable<FsUploadsTable>;

/** Mount uploads in flight: where each goes, who started it, and the bytes it reserves. */
export class FsUploadRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewFsUpload): Promise<void> {
    await this.db.insertInto('fs_uploads').values(row).execute();
  }

  findById(id: string): Promise<FsUploadRow | undefined> {
    return this.db.selectFrom('fs_uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setSize(id: string, size: number): Promise<void> {
    await this.db.updateTable('fs_uploads').set({ size }).where('id', '=', id).execute();
  }

  /** Deletes the row; true when it existed (so one caller finishes or cleans up each upload). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('fs_uploads').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** True while a presigned single PUT to this object is expected (the local blob endpoint asks). */
  async expectsPut(storageConfigId: string, storageKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('fs_uploads')
      .select('id')
      .where('storage_config_id', '=', storageConfigId)
      .where('storage_key', '=', storageKey)
      .where('upload_id', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Uploads started before `cutoffIso`, oldest first. */
  stale(cutoffIso: string, limit: number): Promise<FsUploadRow[]> {
    return this.db
      .selectFrom('fs_uploads')
      .selectAll()
      .where('created_at', '<', cutoffIso)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }
}
