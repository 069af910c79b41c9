// Reading a paste. An unprotected paste is served by one UPDATE … RETURNING; everything else
// (password, expired, used up, unknown) is sorted out by a second lookup only when that misses.
import type { Repositories } from '@server/db/repositories';
import type { PasteView, PasteViewAnswer } from '@shared/api/paste.schema';
import { ErrorCode } from '@shared/errors';
import type { PasteListRow, PasteRepo, PasteMeta, PasteRow } from './paste.repo';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { verifyPassword } from '@server/lib/password';
import type { Auth } from '@server/modules/auth/auth.types';
import { canEdit, type PasteLimiters } from './paste-access.service';
import { isExpired, isUsedUp, lockOf, maxViewsOf, toLockedView, toView } from './paste-mapping.service';
import { reservePasswordAttempt } from '@server/lib/share-password-limits';
import type { PasteTokenService } from './paste-token.service';

export type RawAccess = { password?: string; token?: string };

export class PasteViewService {
  private readonly repo: PasteRepo;

  constructor(
    repos: Pick<Repositories, 'pastes'>,
    private readonly clock: Clock,
    private readonly tokens: PasteTokenService,
    private readonly limiters: PasteLimiters,
  ) {
    this.repo = repos.pastes;
  }

  /**
   * GET /api/paste/:slug: the content (a counted view), or only that a password is needed. With
   * `askFirst` (the page's `reveal=ask`) a view-limited paste without a password spends nothing and
   * answers only how many views are left; the visitor's "Show it" then reads it without the flag.
   * A protected paste keeps its password step, and its unlock counts the view.
   */
  async view(slug: string, auth: Auth, askFirst = false): Promise<PasteViewAnswer> {
    const now = isoAt(this.clock);
    const open = askFirst
      ? await this.repo.consumeUnlimitedView(slug, now)
      : await this.repo.consumeOpenView(slug, now);
    if (open !== undefined) return this.#served(open, auth);
    const meta = await this.#live(slug, now);
    if (meta.password_hash !== null) return toLockedView(meta, canEdit(auth, meta.created_by));
    const max = maxViewsOf(meta);
    if (askFirst && (max !== null || meta.e2ee === 1))
      return {
        slug: meta.slug,
        requiresReveal: true,
        viewsLeft: max === null ? null : max - meta.views,
        ...(meta.e2ee === 1 ? { e2ee: true as const, ...lockOf(meta) } : {}),
      };
    return this.#served(await this.#consume(meta.id, now), auth);
  }

  /**
   * GET /api/paste/:slug?reveal=editor: the paste for the caller who may edit it, counting no view.
   * A server-rendered page counted the visit when it was served; its app then reads the paste
   * again only for what its editor sees (the edit id), which must not count a second view.
   */
  async editorView(slug: string, auth: Auth): Promise<PasteViewAnswer> {
    const meta = await this.#live(slug, isoAt(this.clock));
    if (!canEdit(auth, meta.created_by))
      throw new AppError(ErrorCode.Forbidden, 'only who may edit this paste reads it without counting a view');
    if (meta.password_hash !== null) return toLockedView(meta, true);
    const row = await this.repo.findById(meta.id, 'all');
    if (row === undefined) throw gone();
    return toView(row, row.content, true);
  }

  /** HEAD: whether the paste may still be viewed (404 or 410 otherwise), without counting a view. */
  async peek(slug: string): Promise<void> {
    await this.#live(slug, isoAt(this.clock));
  }

  /** A live paste's details and the start of its content, read without spending a view (a link card). */
  preview(slug: string, now: string, excerptLength: number): Promise<PasteListRow | undefined> {
    return this.repo.peek(slug, now, excerptLength);
  }

  /** POST /api/paste/:slug: checks the password, counts a view and adds a token for the raw link. */
  async unlock(slug: string, password: string, auth: Auth, ip: string): Promise<PasteView> {
    const meta = await this.#live(slug, isoAt(this.clock));
    if (meta.password_hash === null) throw new AppError(ErrorCode.BadRequest, 'this paste is not password protected');
    await this.#checkPassword(meta, password, ip);
    const view = await this.#served(await this.#consume(meta.id, isoAt(this.clock)), auth);
    return { ...view, rawToken: this.tokens.issue(meta.id, meta.slug) };
  }

  /** GET /api/raw/:slug: the content alone; a protected paste needs a raw token or the password. */
  async raw(slug: string, access: RawAccess, ip: string): Promise<string> {
    const now = isoAt(this.clock);
    const open = await this.repo.consumeOpenView(slug, now);
    if (open !== undefined) return (await this.#retireIfUsedUp(open)).content;
    const meta = await this.#live(slug, now);
    if (meta.password_hash !== null) {
      if (access.token !== undefined) {
        if (!this.tokens.verify(access.token, meta.id, meta.slug)) {
          throw new AppError(ErrorCode.Unauthorized, 'raw token is invalid or expired');
        }
      } else if (access.password !== undefined) {
        await this.#checkPassword(meta, access.password, ip);
      } else {
        throw new AppError(ErrorCode.PasswordRequired, 'this paste needs ?token= or ?password=');
      }
    }
    return (await this.#retireIfUsedUp(await this.#consume(meta.id, now))).content;
  }

  async #served(row: PasteRow, auth: Auth): Promise<PasteView> {
    await this.#retireIfUsedUp(row);
    return toView(row, row.content, canEdit(auth, row.created_by));
  }

  /** The paste, if it exists and may still be viewed; otherwise 404, or 410 (deleting it) when dead. */
  async #live(slug: string, now: string): Promise<PasteMeta> {
    const meta = await this.repo.findMetaBySlug(slug);
    if (meta === undefined) {
      if (await this.repo.isTombstoned(slug)) throw gone();
      throw new AppError(ErrorCode.NotFound, 'paste not found');
    }
    if (isExpired(meta, now) || isUsedUp(meta)) {
      await this.#retire(meta);
      throw gone();
    }
    return meta;
  }

  async #consume(id: string, now: string): Promise<PasteRow> {
    const row = await this.repo.consumeView(id, now);
    if (row === undefined) throw gone();
    return row;
  }

  async #checkPassword(meta: PasteMeta, password: string, ip: string): Promise<void> {
    const attempt = await reservePasswordAttempt(this.limiters.password, ip, meta.slug);
    if (meta.password_hash !== null && (await verifyPassword(meta.password_hash, password))) {
      await attempt.succeeded();
      return;
    }
    throw new AppError(ErrorCode.WrongPassword, 'wrong password');
  }

  async #retireIfUsedUp(row: PasteRow): Promise<PasteRow> {
    if (isUsedUp(row)) await this.#retire(row);
    return row;
  }

  /** Deletes the paste; its tombstone answers 410 to viewers who come later. */
  async #retire(meta: PasteMeta): Promise<void> {
    await this.repo.retire(meta, isoAt(this.clock));
  }
}

function gone(): AppError {
  return new AppError(ErrorCode.Gone, 'paste has expired or reached its view limit');
}
