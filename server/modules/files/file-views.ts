// How file deliveries turn into views: a page visit costs one view, not one per request. With an
// access token a view is counted the first time that token delivers content. Without one, every
// request to a view-limited share counts, and on other shares only reads from byte 0 do, so a
// player's ranged requests do not inflate the count. Tokens that paid are kept in the database
// (file_view_tokens) until they expire, so the next request of a visit may land on any instance.
//
// Once a share's views are used up, a visit that paid may only finish what it started: for
// FILE_VISIT_GRACE_MS after it paid, with at most FILE_VISIT_FULL_READS reads from byte 0 in all
// (the paying one included); ranged reads from further in (a player seeking) are free within the
// grace. Everyone else, and that visit afterwards, hears 410.
import type { Kysely } from 'kysely';
import { ErrorCode } from '@shared/errors';
import type { Database } from '@server/db/schema';
import type { SweepTask } from '@server/jobs/sweeper';
import type { FileRepo } from './file.repo';
import type { FileRow } from './files.types';
import { FileViewTokenRepo } from './file-views.repo';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import type { ByteRange } from '@server/storage/storage-driver';

/** How long the visit that paid a used-up share's view may go on fetching it. */
export const FILE_VISIT_GRACE_MS = 2 * 60 * 1000;
/** Reads from byte 0 (previews, downloads, a player's first request) one paid visit may make. */
export const FILE_VISIT_FULL_READS = 3;

/** A valid access token's id and expiry, or null for a request without one. */
export type FileAccess = { tokenId: string; expiresAtMs: number } | null;

export type ViewOutcome = { counted: boolean; last: boolean };

const usedUpError = () => new AppError(ErrorCode.Gone, 'this file has reached its view limit');

export class FileViews {
  constructor(
    private readonly files: FileRepo,
    private readonly tokens: FileViewTokenRepo,
    private readonly clock: Clock,
  ) {}

  /** Counts a view atomically when this delivery should cost one; `last` when it used the share up. */
  async record(row: FileRow, access: FileAccess, range: ByteRange | undefined): Promise<ViewOutcome> {
    const full = range === undefined || range.start === 0;
    if (access === null) return isViewLimited(row) || full ? this.#count(row) : { counted: false, last: false };
    const now = this.clock.now();
    const { tokenId, expiresAtMs } = access;
    const paid = {
      token_id: tokenId,
      file_id: row.id,
      paid_at: now,
      expires_at: expiresAtMs,
      full_reads: full ? 1 : 0,
    };
    if (await this.tokens.claim(paid)) {
      try {
        return await this.#count(row);
      } catch (error) {
        await this.tokens.forget(tokenId);
        throw error;
      }
    }
    if (isViewLimited(row)) {
      const usedUp = isUsedUp(row);
      const allowed = await this.tokens.read(tokenId, row.id, {
        full,
        paidAfter: usedUp ? now - FILE_VISIT_GRACE_MS : 0,
        maxFullReads: usedUp ? FILE_VISIT_FULL_READS : null,
      });
      if (!allowed && usedUp) throw usedUpError();
    }
    return { counted: false, last: false };
  }

  /** Whether this token paid a view of the share recently enough to finish its visit now it is used up. */
  async paidBy(row: FileRow, { tokenId }: NonNullable<FileAccess>): Promise<boolean> {
    return (await this.tokens.find(tokenId, row.id, this.clock.now() - FILE_VISIT_GRACE_MS)) !== undefined;
  }

  async #count(row: FileRow): Promise<ViewOutcome> {
    const after = await this.files.countView(row.id, isoAt(this.clock));
    if (after === undefined) throw new AppError(ErrorCode.Gone, 'this file is no longer available');
    return { counted: true, last: after.max_views !== null && after.max_views > 0 && after.views >= after.max_views };
  }
}

/** A share with a view limit: its bytes only ever leave through the server, one counted view at a time. */
export function isViewLimited(row: Pick<FileRow, 'max_views'>): boolean {
  return row.max_views !== null && row.max_views > 0;
}

function isUsedUp(row: Pick<FileRow, 'max_views' | 'views'>): boolean {
  return isViewLimited(row) && row.max_views !== null && row.views >= row.max_views;
}

/** The sweeper's task: records of tokens that have expired are deleted. */
export function fileViewTokenSweepTask(db: Kysely<Database>): SweepTask {
  const tokens = new FileViewTokenRepo(db);
  return { name: 'file-view-tokens', run: (now) => tokens.deleteExpired(now) };
}
