import type { Kysely } from 'kysely';
import { inTransaction } from '@server/db/in-transaction';
import type { Database, SystemSettingRow } from '@server/db/schema';

export class SystemSettingsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findMany(keys: readonly string[]): Promise<SystemSettingRow[]> {
    return this.db.selectFrom('system_settings').selectAll().where('key', 'in', keys).execute();
  }

  /** Inserts or overwrites each value, in one transaction. */
  async upsertMany(values: readonly { key: string; value: string }[], updatedAt: string): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      for (const { key, value } of values) {
        await trx
          .insertInto('system_settings')
          .values({ key, value, description: null, updated_at: updatedAt })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
          .execute();
      }
    });
  }
}
