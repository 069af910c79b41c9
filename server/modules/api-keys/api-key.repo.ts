import type { Kysely, Updateable } from 'kysely';
import type { ApiKeyRow, ApiKeysTable, Database, NewApiKey } from '@server/db/schema';

export class ApiKeyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewApiKey): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  }

  async touchLastUsed(id: string, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  /** Newest first. */
  list(): Promise<ApiKeyRow[]> {
    return this.db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').orderBy('name').execute();
  }

  findById(id: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(name: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async update(id: string, patch: Updateable<ApiKeysTable>): Promise<void> {
    await this.db.updateTable('api_keys').set(patch).where('id', '=', id).execute();
  }

  /** Deletes the listed keys; returns how many existed. */
  async deleteMany(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db.deleteFrom('api_keys').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
