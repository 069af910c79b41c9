import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
