// WebDAV write locks (RFC 4918 §6–7): exclusive or shared, depth 0 or infinity, with a timeout,
// kept in the database so every instance sees them. A change to a locked resource (or, for
// creating and removing members, to a locked collection) needs one of its lock tokens in the
// `If` header, sent by the principal that took the lock; else 423. The `If` header itself must
// hold (etags and lock states) or the change is refused with 412.
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@shared/errors';
import type { Repositories } from '@server/db/repositories';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import type { FsCaller } from '@server/modules/fs/fs-access.service';
import { parentOf, under, withAncestors } from '@server/lib/fs-path';
import { ifHolds, IfHeaderError, parseIfHeader, submittedTokens, type IfList, type ResourceState } from './webdav-if';
import type { LockRow } from './webdav-lock.repo';
import { davPathOf } from './webdav-paths';

export type LockScope = 'exclusive' | 'shared';
export type LockDepth = '0' | 'infinity';
export type NewLock = { scope: LockScope; depth: LockDepth; owner: string | null; timeoutSeconds: number };

/**
 * What a change touches: `tree`, everything below too; `membership`, the parent's member list
 * (creating or removing a member), unless `exists` says the resource is already there.
 */
export type WriteTarget = { path: string; tree?: boolean; membership?: boolean; exists?: () => Promise<boolean> };

/** The request's `If` header, URL, and a way to read a resource's current ETag. */
export type Conditions = {
  ifHeader: string | undefined;
  requestPath: string;
  requestUrl: string;
  etagOf: (path: string) => Promise<string | null>;
};

export const DEFAULT_LOCK_SECONDS = 600;
export const MAX_LOCK_SECONDS = 24 * 60 * 60;

export class LockedError extends AppError {
  constructor(readonly lockPath: string) {
    super(ErrorCode.Conflict, 'the resource is locked', { status: 423 });
  }
}

export class WebdavLocks {
  /** Lock creation is serialised in this process, so two requests cannot both find a path free. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repos: Pick<Repositories, 'webdavLocks'>,
    private readonly clock: Clock,
  ) {}

  /** Checks the `If` header and the locks on every target; throws 400, 412 or 423. */
  async checkWrite(caller: FsCaller, conditions: Conditions, targets: readonly WriteTarget[]): Promise<void> {
    const lists = parseIf(conditions.ifHeader);
    if (lists.length > 0 && !(await this.#holds(lists, conditions)))
      throw new AppError(ErrorCode.BadRequest, 'the If header does not hold', { status: 412 });
    const submitted = submittedTokens(lists);
    const principal = principalOf(caller);
    for (const target of targets) {
      const byRoot = new Map<string, LockRow[]>();
      for (const lock of await this.#affecting(target)) byRoot.set(lock.path, [...(byRoot.get(lock.path) ?? []), lock]);
      for (const [root, locks] of byRoot) {
        if (!locks.some((lock) => submitted.has(lock.token) && lock.principal === principal))
          throw new LockedError(root);
      }
    }
  }

  /** The tokens the `If` header submits that name live locks covering `path`, held by the caller. */
  async submittedOn(caller: FsCaller, ifHeader: string | undefined, path: string): Promise<LockRow[]> {
    const submitted = submittedTokens(parseIf(ifHeader));
    const principal = principalOf(caller);
    return (await this.covering(path)).filter((lock) => submitted.has(lock.token) && lock.principal === principal);
  }

  /** Live locks on `path` or on an ancestor with depth infinity. */
  async covering(path: string): Promise<LockRow[]> {
    const rows = await this.repos.webdavLocks.around(withAncestors(path), null, this.#now());
    return rows.filter((lock) => lock.path === path || lock.depth === 'infinity');
  }

  /** The live locks covering each of `paths`, all at or below `root`, read in one query. */
  async coveringEach(root: string, paths: readonly string[]): Promise<Map<string, LockRow[]>> {
    const rows = await this.repos.webdavLocks.around(withAncestors(root), root, this.#now());
    return new Map(
      paths.map((path) => [
        path,
        rows.filter((lock) => lock.path === path || (lock.depth === 'infinity' && under(path, lock.path))),
      ]),
    );
  }

  /** Takes a lock on `path` unless a conflicting one is live; returns it. */
  lock(caller: FsCaller, path: string, wanted: NewLock): Promise<LockRow> {
    const run = this.#queue.then(async () => {
      await this.repos.webdavLocks.deleteExpired(this.#now());
      const nearby = await this.repos.webdavLocks.around(
        withAncestors(path),
        wanted.depth === 'infinity' ? path : null,
        this.#now(),
      );
      const conflicts = nearby.filter(
        (lock) => lock.path === path || (lock.depth === 'infinity' && under(path, lock.path)) || under(lock.path, path),
      );
      if (conflicts.some((lock) => wanted.scope === 'exclusive' || lock.scope === 'exclusive'))
        throw new LockedError(conflicts[0]?.path ?? path);
      const row: LockRow = {
        token: `opaquelocktoken:${randomUUID()}`,
        path,
        depth: wanted.depth,
        scope: wanted.scope,
        owner: wanted.owner,
        principal: principalOf(caller),
        timeout_seconds: wanted.timeoutSeconds,
        expires_at: isoAt(this.clock, wanted.timeoutSeconds * 1000),
        created_at: isoAt(this.clock),
      };
      await this.repos.webdavLocks.insert(row);
      return row;
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Renews the caller's submitted locks on `path`; 412 when the request submits none. */
  async refresh(
    caller: FsCaller,
    ifHeader: string | undefined,
    path: string,
    timeoutSeconds: number,
  ): Promise<LockRow[]> {
    const locks = await this.submittedOn(caller, ifHeader, path);
    if (locks.length === 0)
      throw new AppError(ErrorCode.BadRequest, 'no lock on this resource was submitted', { status: 412 });
    const expiresAt = isoAt(this.clock, timeoutSeconds * 1000);
    for (const lock of locks) await this.repos.webdavLocks.refresh(lock.token, timeoutSeconds, expiresAt);
    return locks.map((lock) => ({ ...lock, timeout_seconds: timeoutSeconds, expires_at: expiresAt }));
  }

  /** Removes the lock `token` if it covers `path`; only its principal (or the admin) may. */
  async unlock(caller: FsCaller, path: string, token: string): Promise<void> {
    const lock = await this.repos.webdavLocks.findByToken(token, this.#now());
    if (lock === undefined || !(lock.path === path || (lock.depth === 'infinity' && under(path, lock.path)))) {
      throw new AppError(ErrorCode.Conflict, 'the lock token does not name a lock on this resource');
    }
    if (lock.principal !== principalOf(caller) && caller.kind !== 'admin')
      throw new AppError(ErrorCode.Forbidden, 'this lock belongs to someone else');
    await this.repos.webdavLocks.delete(token);
  }

  /** The resource is gone (deleted or moved away): its locks and those below go too. */
  async forget(path: string): Promise<void> {
    await this.repos.webdavLocks.deleteTree(path);
  }

  /** Seconds left on a lock. */
  secondsLeft(lock: LockRow): number {
    return Math.max(0, Math.round((Date.parse(lock.expires_at) - this.clock.now()) / 1000));
  }

  async #affecting({ path, tree = false, membership = false, exists }: WriteTarget): Promise<LockRow[]> {
    const rows = await this.repos.webdavLocks.around(withAncestors(path), tree ? path : null, this.#now());
    const onParent = rows.some((lock) => lock.path === parentOf(path) && lock.depth === '0');
    const members = membership && onParent && (exists === undefined || !(await exists()));
    return rows.filter(
      (lock) =>
        lock.path === path ||
        (lock.depth === 'infinity' && under(path, lock.path)) ||
        (members && lock.path === parentOf(path)) ||
        (tree && under(lock.path, path)),
    );
  }

  async #holds(lists: readonly IfList[], conditions: Conditions): Promise<boolean> {
    const states = new Map<string | null, ResourceState>();
    for (const list of lists) {
      if (states.has(list.resource)) continue;
      const path = list.resource === null ? conditions.requestPath : davPathOf(list.resource, conditions.requestUrl);
      if (path === null) continue;
      const tokens = new Set((await this.covering(path)).map((lock) => lock.token));
      states.set(list.resource, { etag: await conditions.etagOf(path), tokens });
    }
    return ifHolds(lists, (resource) => states.get(resource) ?? { etag: null, tokens: new Set() });
  }

  #now(): string {
    return isoAt(this.clock);
  }
}

export function principalOf(caller: FsCaller): string {
  return caller.kind === 'admin' ? `admin:${caller.adminId}` : `apikey:${caller.keyId}`;
}

function parseIf(header: string | undefined): IfList[] {
  if (header === undefined || header.trim() === '') return [];
  try {
    return parseIfHeader(header);
  } catch (error) {
    if (error instanceof IfHeaderError)
      throw new AppError(ErrorCode.BadRequest, `the If header is malformed: ${error.message}`);
    throw error;
  }
}

/** The Timeout header's first usable value (`Second-n` or `Infinite`), capped. */
export function timeoutOf(header: string | undefined): number {
  for (const part of (header ?? '').split(',').map((value) => value.trim())) {
    if (/^infinite$/i.test(part)) return MAX_LOCK_SECONDS;
    const match = /^second-(\d+)$/i.exec(part);
    if (match !== null) return Math.min(MAX_LOCK_SECONDS, Math.max(1, Number(match[1])));
  }
  return DEFAULT_LOCK_SECONDS;
}
