// What other domains read and clear of WebDAV's locks: the explorer's JSON API refuses a change a
// live lock covers, and drops the locks a removed resource leaves behind.
import type { Repositories } from '@server/db/repositories';
import type { LockRow } from './webdav-lock.repo';

export type { LockRow as WebdavLockRow } from './webdav-lock.repo';

export class WebdavLockLookupService {
  constructor(private readonly repos: Pick<Repositories, 'webdavLocks'>) {}

  /** Live locks on any of `paths` (a path and its ancestors), and when `below` is set, under it too. */
  live(paths: readonly string[], below: string | null, now: string): Promise<LockRow[]> {
    return this.repos.webdavLocks.around(paths, below, now);
  }

  /** Drops the locks on `path` and below it (the resources are gone). */
  removeTree(path: string): Promise<void> {
    return this.repos.webdavLocks.deleteTree(path);
  }
}
