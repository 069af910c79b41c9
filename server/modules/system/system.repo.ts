import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class SystemRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A round trip to the database; throws when it is unreachable. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
