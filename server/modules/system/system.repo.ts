import { sql, type Kysely } from 'kysely';
import { prepareQuery } from '@server/db/prepared-query';
import type { Database } from '@server/db/schema';

/** Health checks come often: the ping is prepared once (db/prepared-query.ts). */
const pingQuery = prepareQuery<Record<string, never>, { one: number }>((db) =>
  db.selectNoFrom(sql<number>`1`.as('one')),
);

export class SystemRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A round trip to the database; throws when it is unreachable. */
  async ping(): Promise<void> {
    await pingQuery.rows(this.db, {});
  }
}
