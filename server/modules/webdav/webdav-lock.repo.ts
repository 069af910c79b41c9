// WebDAV locks in the database, so every instance on one database sees the same locks. Expired
// rows are ignored by every read and deleted when a lock is taken; paths are compared with
// substr(), never LIKE, so `/a_b` cannot stand in for `/a/b`.
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database, WebdavLocksTable } from '@server/db/schema';
import type { Repositories } from '@server/db/repositories';
import type { SweepTask } from '@server/jobs/sweeper';
import { codePoints } from '@server/lib/fs-path';

export type LockRow = Selectable<WebdavLocksTable>;

export class WebdavLockRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: LockRow): Promise<void> {
    await this.db.insertInto('webdav_locks').values(row).execute();
  }

  findByToken(token: string, now: string): Promise<LockRow | undefined> {
    return this.db
      .selectFrom('webdav_locks')
      .selectAll()
      .where('token', '=', token)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Live locks on any of `paths` (a path and its ancestors), and when `below` is set, under it too. */
  async around(paths: readonly string[], below: string | null, now: string): Promise<LockRow[]> {
    return this.db
      .selectFrom('webdav_locks')
      .selectAll()
      .where('expires_at', '>', now)
      .where((eb) => {
        const on = eb('path', 'in', [...paths]);
        if (below === null) return on;
        return below === '/'
          ? eb.or([on, eb('path', 'like', '/%')])
          : eb.or([on, sql<SqlBool>`substr(path, 1, ${codePoints(below) + 1}) = ${`${below}/`}`]);
      })
      .execute();
  }

  async refresh(token: string, timeoutSeconds: number, expiresAt: string): Promise<void> {
    await this.db
      .updateTable('webdav_locks')
      .set({ timeout_seconds: timeoutSeconds, expires_at: expiresAt })
      .where('token', '=', token)
      .execute();
  }

  async delete(token: string): Promise<boolean> {
    const result = await this.db.deleteFrom('webdav_locks').where('token', '=', token).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Drops the locks on `path` and below it (the resources are gone). */
  async deleteTree(path: string): Promise<void> {
    await this.db
      .deleteFrom('webdav_locks')
      .where((eb) =>
        eb.or([eb('path', '=', path), sql<SqlBool>`substr(path, 1, ${codePoints(path) + 1}) = ${`${path}/`}`]),
      )
      .execute();
  }

  async deleteExpired(now: string): Promise<number> {
    const result = await this.db.deleteFrom('webdav_locks').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** The sweeper's task: locks whose timeout passed without a refresh or an UNLOCK. */
export function webdavLockSweepTask(repos: Pick<Repositories, 'webdavLocks'>): SweepTask {
  return { name: 'webdav-locks', run: (now) => repos.webdavLocks.deleteExpired(new Date(now).toISOString()) };
}
