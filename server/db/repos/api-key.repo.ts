import type { Kysely } from 'kysely';
import type { ApiKeyRow, Database, NewApiKey } from '../schema';

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
}
