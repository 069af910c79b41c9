import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

export type StoredAnswer = { responseJson: string; requestHash: string | null };

export class IdempotencyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async find(scope: string, key: string, notBefore: string): Promise<StoredAnswer | undefined> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select(['response_json', 'request_hash'])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('created_at', '>', notBefore)
      .executeTakeFirst();
    return row === undefined ? undefined : { responseJson: row.response_json, requestHash: row.request_hash };
  }

  /** False when a live row for (scope, key) exists; a row created at or before `staleBefore` is replaced. */
  async insert(
    scope: string,
    key: string,
    answer: StoredAnswer,
    createdAt: string,
    staleBefore: string,
  ): Promise<boolean> {
    const values = { response_json: answer.responseJson, request_hash: answer.requestHash, created_at: createdAt };
    const result = await this.db
      .insertInto('idempotency_keys')
      .values({ scope, key, ...values })
      .onConflict((oc) =>
        oc.columns(['scope', 'key']).doUpdateSet(values).where('idempotency_keys.created_at', '<=', staleBefore),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async deleteOlderThan(cutoff: string): Promise<number> {
    const result = await this.db.deleteFrom('idempotency_keys').where('created_at', '<=', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
