// WebDAV locks as the explorer's JSON API sees them. A lock taken over /dav protects its resource
// from every door: the JSON API cannot send a lock token, so any live lock that covers a change
// refuses it with 423 and says whose lock it is and until when. WebDAV checks its own requests
// (with their If headers) before it calls the same services, through an FsAccess without a guard.
import { ErrorCode } from '@shared/errors';
import type { WebdavLockLookupService, WebdavLockRow } from '@server/modules/webdav/webdav-lock-lookup.service';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { parentOf, under, withAncestors } from '@server/lib/fs-path';

type LockRow = WebdavLockRow;
export type LockInfo = { owner: string; expiresAt: string };

export class FsLockGuard {
  constructor(
    private readonly webdavLocks: Pick<WebdavLockLookupService, 'live' | 'removeTree'>,
    private readonly clock: Clock,
  ) {}

  /**
   * Throws 423 when a live lock covers a change at `path`: a lock on it or below it, a depth-infinity
   * lock above it, or a lock on its folder (whose member list the change may alter).
   */
  async assertUnlocked(path: string): Promise<void> {
    const lock = (await this.locksAffecting(path))[0];
    if (lock !== undefined) throw lockedError(path, lock);
  }

  /** Removes every lock on `path` and below it (one a client left behind); counts the live ones. */
  async removeAt(path: string): Promise<number> {
    const live = await this.webdavLocks.live([path], path, isoAt(this.clock));
    await this.webdavLocks.removeTree(path);
    return live.length;
  }

  /** For a listing of `folder`: the nearest live lock covering each of `paths` (its children), read in one query. */
  async coveringEach(folder: string, paths: readonly string[]): Promise<Map<string, LockInfo>> {
    const rows = await this.webdavLocks.live(withAncestors(folder), folder, isoAt(this.clock));
    const found = new Map<string, LockInfo>();
    if (rows.length === 0) return found;
    for (const path of paths) {
      const lock = rows
        .filter((row) => row.path === path || (row.depth === 'infinity' && under(path, row.path)))
        .sort((a, b) => b.path.length - a.path.length)[0];
      if (lock !== undefined) found.set(path, { owner: lockHolder(lock), expiresAt: lock.expires_at });
    }
    return found;
  }

  /** The live locks that cover a change at `path`, nearest first. */
  async locksAffecting(path: string): Promise<LockRow[]> {
    const parent = path === '/' ? null : parentOf(path);
    const rows = await this.webdavLocks.live(withAncestors(path), path, isoAt(this.clock));
    return rows
      .filter(
        (lock) =>
          lock.path === path ||
          under(lock.path, path) ||
          lock.path === parent ||
          (lock.depth === 'infinity' && under(path, lock.path)),
      )
      .sort((a, b) => b.path.length - a.path.length);
  }
}

/** Who holds a lock, as its client described itself (the `owner` element's text), or what kind of caller. */
export function lockHolder(lock: Pick<LockRow, 'owner' | 'principal'>): string {
  const owner = (lock.owner ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (owner !== '') return owner;
  return lock.principal.startsWith('admin:') ? 'the admin' : 'an API key';
}

function lockedError(path: string, lock: LockRow): AppError {
  const on = lock.path === path ? '' : ` on ${lock.path}`;
  return new AppError(
    ErrorCode.Conflict,
    `${path} is locked: a WebDAV lock${on} held by ${lockHolder(lock)} until ${lock.expires_at}; its holder can unlock it, or the admin can remove it`,
    { status: 423 },
  );
}
