import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DatabaseConfig } from '@server/config';
import type { Database } from './schema';
import { withNamedStatements } from './pg-named-statements';
import { withStatementCache } from './sqlite-statement-cache';

const int8Oid = 20;

/**
 * Opens the configured database. SQLite gets WAL, real foreign keys, a busy timeout and a cache of
 * compiled statements; the PostgreSQL client is imported only when PostgreSQL is configured.
 * `onLostConnection` hears of a pooled connection the server ended (a PostgreSQL restart), idle or in use:
 * the pool drops it and opens another on next use, where an unheard pool error would end the process.
 */
export async function openDatabase(
  config: DatabaseConfig,
  onLostConnection: (error: Error) => void = () => undefined,
): Promise<Kysely<Database>> {
  if (config.kind === 'postgres') {
    const { default: pg } = await import('pg');
    pg.types.setTypeParser(int8Oid, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: config.url });
    pool.on('error', onLostConnection);
    // The pool hears only its idle connections: one checked out between two queries (a claim, a
    // lock held while work runs) would end the process with the server's "terminating connection".
    pool.on('connect', (client) => client.on('error', onLostConnection));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
  }
  const sqlite = new SqliteDatabase(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}
