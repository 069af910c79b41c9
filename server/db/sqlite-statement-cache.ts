// better-sqlite3 compiles a statement on every `prepare`, and Kysely's SQLite driver prepares the
// statement of every query it runs: on a paste read that was the biggest single cost. This keeps
// the compiled statements by SQL text and hands the same one back (bench/RESULTS.md, paste API).
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** More distinct statements than the app has queries; a bound, so memory stays flat. */
export const STATEMENT_CACHE_SIZE = 500;

const schemaChange = /^\s*(create|alter|drop)\b/i;

export type CachingSqlite = KyselySqliteDatabase & {
  /** How many compiled statements are kept (tests look). */
  readonly cachedStatements: number;
};

/**
 * Kysely's view of `sqlite` with a statement cache. A statement still busy (a streamed select not
 * read to the end) is never handed out twice: a second one is prepared. Schema changes are not
 * kept and empty the cache, so no statement outlives the columns it was compiled against.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database, capacity = STATEMENT_CACHE_SIZE): CachingSqlite {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql: string): SqliteStatement => {
      const cached = statements.get(sql);
      if (cached !== undefined && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (schemaChange.test(sql)) {
        statements.clear();
        return statement;
      }
      if (cached === undefined) {
        // Oldest first: a Map iterates in insertion order.
        if (statements.size >= capacity) statements.delete(statements.keys().next().value ?? '');
        statements.set(sql, statement);
      }
      return statement;
    },
    get cachedStatements() {
      return statements.size;
    },
  };
}
