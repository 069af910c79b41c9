// Aggregates for the admin dashboard, one grouped query each. Day buckets use substr(created_at,
// 1, 10) on the ISO-8601 text timestamps, which works the same on SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

export type StorageUsageRow = {
  id: string;
  name: string;
  driver: 'local' | 's3';
  provider_type: string;
  total_storage_bytes: number | null;
  used_bytes: number;
  file_count: number;
};

export type DayCountRow = { day: string; n: number };

export class DashboardRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async counts(): Promise<{ pastes: number; files: number; apiKeys: number; storageConfigs: number }> {
    const count = (table: 'pastes' | 'api_keys' | 'storage_configs') =>
      this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    const [pastes, apiKeys, storageConfigs, files] = await Promise.all([
      count('pastes'),
      count('api_keys'),
      count('storage_configs'),
      this.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'committed')
        .executeTakeFirstOrThrow(),
    ]);
    return {
      pastes: Number(pastes.n),
      files: Number(files.n),
      apiKeys: Number(apiKeys.n),
      storageConfigs: Number(storageConfigs.n),
    };
  }

  /** Every storage config with the size and number of its committed files, by name. */
  async storageUsage(): Promise<StorageUsageRow[]> {
    const rows = await this.db
      .selectFrom('storage_configs as c')
      .leftJoin('files as f', (join) => join.onRef('f.storage_config_id', '=', 'c.id').on('f.status', '=', 'committed'))
      .select((eb) => [
        'c.id',
        'c.name',
        'c.driver',
        'c.provider_type',
        'c.total_storage_bytes',
        eb.fn.coalesce(eb.fn.sum<number>('f.size'), sql<number>`0`).as('used_bytes'),
        eb.fn.count<number>('f.id').as('file_count'),
      ])
      .groupBy(['c.id', 'c.name', 'c.driver', 'c.provider_type', 'c.total_storage_bytes'])
      .orderBy('c.name')
      .orderBy('c.id')
      .execute();
    return rows.map((row) => ({
      ...row,
      total_storage_bytes: row.total_storage_bytes === null ? null : Number(row.total_storage_bytes),
      used_bytes: Number(row.used_bytes),
      file_count: Number(row.file_count),
    }));
  }

  /** Pastes created per UTC day from `fromDay` (YYYY-MM-DD) on. */
  pastesPerDay(fromDay: string): Promise<DayCountRow[]> {
    return this.db
      .selectFrom('pastes')
      .select((eb) => [sql<string>`substr(created_at, 1, 10)`.as('day'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', fromDay)
      .groupBy(sql`substr(created_at, 1, 10)`)
      .execute();
  }

  /** Committed files created per UTC day from `fromDay` (YYYY-MM-DD) on. */
  filesPerDay(fromDay: string): Promise<DayCountRow[]> {
    return this.db
      .selectFrom('files')
      .select((eb) => [sql<string>`substr(created_at, 1, 10)`.as('day'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', fromDay)
      .where('status', '=', 'committed')
      .groupBy(sql`substr(created_at, 1, 10)`)
      .execute();
  }
}
