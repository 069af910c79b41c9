// Work that one instance at a time may do: the sweeper's passes (and the mount reindexing they
// include), a mount's full reindex, and start-up (migrations, first admin, default storage). With
// one process (SQLite) there is nobody to exclude; on PostgreSQL a session-level advisory lock,
// held on one pooled connection for the length of the work, excludes every other instance. A lost
// connection releases its locks, so a killed instance never blocks the others. Give `databaseLocks`
// a pool of its own: a holder keeps one connection while its work uses others.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

export interface ClusterLocks {
  /** Runs `work` holding the named lock, waiting for another instance to let go of it. */
  hold<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Runs `work` only when the named lock is free; resolves `skipped` when another instance holds it. */
  tryHold<T>(name: string, work: () => Promise<T>): Promise<T | typeof skipped>;
}

export const skipped = Symbol('held by another instance');

/** One process: every lock is free. */
export const processLocks: ClusterLocks = {
  hold: (_name, work) => work(),
  tryHold: (_name, work) => work(),
};

const lockKey = (name: string) => sql`hashtextextended(${`clipdock:${name}`}, 0)`;

export function databaseLocks(db: Kysely<Database>): ClusterLocks {
  return {
    hold: (name, work) =>
      db.connection().execute(async (connection) => {
        await sql`select pg_advisory_lock(${lockKey(name)})`.execute(connection);
        try {
          return await work();
        } finally {
          await sql`select pg_advisory_unlock(${lockKey(name)})`.execute(connection);
        }
      }),
    tryHold: (name, work) =>
      db.connection().execute(async (connection) => {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_lock(${lockKey(name)}) as locked`.execute(connection);
        if (rows[0]?.locked !== true) return skipped;
        try {
          return await work();
        } finally {
          await sql`select pg_advisory_unlock(${lockKey(name)})`.execute(connection);
        }
      }),
  };
}
