// How file deliveries turn into views: a page visit costs one view, not one per request. With an
// access token a view is counted the first time that token delivers content. Without one, every
// request to a view-limited share counts, and on other shares only reads from byte 0 do, so a
// player's ranged requests do not inflate the count. Counted token ids are remembered in a capped
// map until they expire.
import { ErrorCode } from '@shared/errors';
import type { FileRepo, FileRow } from './file.repo';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import type { ByteRange } from '@server/storage/storage-driver';

/** A valid access token's id and expiry, or null for a request without one. */
export type FileAccess = { tokenId: string; expiresAtMs: number } | null;

export type ViewOutcome = { counted: boolean; last: boolean };

export class FileViews {
  readonly #countedTokens = new Map<string, number>();

  constructor(
    private readonly files: FileRepo,
    private readonly clock: Clock,
    private readonly maxTokens = 20_000,
  ) {}

  /** Counts a view atomically when this delivery should cost one; `last` when it used the share up. */
  async record(row: FileRow, access: FileAccess, range: ByteRange | undefined): Promise<ViewOutcome> {
    const counts =
      access === null ? isViewLimited(row) || range === undefined || range.start === 0 : this.#firstUse(access);
    if (!counts) return { counted: false, last: false };
    const after = await this.files.countView(row.id, isoAt(this.clock));
    if (after === undefined) throw new AppError(ErrorCode.Gone, 'this file is no longer available');
    return { counted: true, last: after.max_views !== null && after.max_views > 0 && after.views >= after.max_views };
  }

  /** Whether this token has already paid its view (and may go on fetching once the views are used up). */
  paidBy({ tokenId }: NonNullable<FileAccess>): boolean {
    const expiresAt = this.#countedTokens.get(tokenId);
    return expiresAt !== undefined && expiresAt > this.clock.now();
  }

  get rememberedTokens(): number {
    return this.#countedTokens.size;
  }

  #firstUse({ tokenId, expiresAtMs }: NonNullable<FileAccess>): boolean {
    const now = this.clock.now();
    const seen = this.#countedTokens.get(tokenId);
    if (seen !== undefined && seen > now) return false;
    if (this.#countedTokens.size >= this.maxTokens) this.#makeRoom(now);
    this.#countedTokens.set(tokenId, expiresAtMs);
    return true;
  }

  #makeRoom(now: number): void {
    for (const [id, expiresAt] of this.#countedTokens) if (expiresAt <= now) this.#countedTokens.delete(id);
    const oldest = this.#countedTokens.keys().next();
    if (this.#countedTokens.size >= this.maxTokens && oldest.done !== true) this.#countedTokens.delete(oldest.value);
  }
}

/** A share with a view limit: its bytes only ever leave through the server, one counted view at a time. */
export function isViewLimited(row: Pick<FileRow, 'max_views'>): boolean {
  return row.max_views !== null && row.max_views > 0;
}
