import { PostgresAdapter, type Kysely } from 'kysely';

/** Whether `db` (or a transaction of it) talks to PostgreSQL; SQLite otherwise. */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
