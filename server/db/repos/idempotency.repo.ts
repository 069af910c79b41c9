import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export class IdempotencyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async find(scope: string, key: string, notBefore: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select('response_json')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('created_at', '>', notBefore)
      .executeTakeFirst();
    return row?.response_json;
  }

  /** False when a live row for (scope, key) exists; a row created at or before `staleBefore` is replaced. */
  async insert(scope: string, key: string, responseJson: string, createdAt: string, staleBefore: string): Promise<boolean> {
    const result = await this.db
      .insertInto('idempotency_keys')
      .values({ scope, key, response_json: responseJson, created_at: createdAt })
      .onConflict((oc) =>
        oc
          .columns(['scope', 'key'])
          .doUpdateSet({ response_json: responseJson, created_at: createdAt })
          .where('idempotency_keys.created_at', '<=', staleBefore),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async deleteOlderThan(cutoff: string): Promise<number> {
    const result = await this.db.deleteFrom('idempotency_keys').where('created_at', '<=', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
