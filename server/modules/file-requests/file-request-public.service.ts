// What uploaders with the link may ask: the page's details (never a listing), the password check
// (attempt limits, argon2id), and an upload token, signed for the request, that every upload step
// carries. The token's random id and time name the uploader's own folder under the request's.
import type { PublicFileRequest } from '@shared/api/file-request.schema';
import { ErrorCode } from '@shared/errors';
import type { Repositories } from '@server/db/repositories';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { verifyAgainstDummy, verifyPassword } from '@server/lib/password';
import type { UrlSigner } from '@server/lib/signed-url';
import { reservePasswordAttempt, type PasswordLimiters } from '@server/lib/share-password-limits';
import type { OwnerLookupService } from '@server/modules/auth/owner-lookup.service';
import type { FsAccess } from '@server/modules/fs/fs-access.service';
import type { UploadLimits } from '@server/modules/uploads/upload-limits.service';
import { ownerOf, stateOf, type Owner } from './file-request-common';
import { parseAllowedTypes } from './file-request-types';
import type { FileRequestRow } from './file-request.repo';

export const REQUEST_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** An open request, its owner, and the uploader's batch the token names. */
export type OpenRequest = { row: FileRequestRow; owner: Owner; batch: { id: string; startedAt: Date } };

export class FileRequestPublicService {
  constructor(
    private readonly repos: Pick<Repositories, 'fileRequests'>,
    private readonly owners: OwnerLookupService,
    private readonly access: FsAccess,
    private readonly limits: UploadLimits,
    private readonly signer: UrlSigner,
    private readonly passwords: PasswordLimiters,
    private readonly clock: Clock,
  ) {}

  async info(slug: string): Promise<PublicFileRequest> {
    const row = await this.#find(slug);
    return this.#answer(row, row.password_hash === null);
  }

  async verify(slug: string, password: string, ip: string): Promise<PublicFileRequest> {
    const attempt = await reservePasswordAttempt(this.passwords, ip, `request:${slug}`);
    const row = await this.repos.fileRequests.findBySlug(slug);
    if (row === undefined) {
      await verifyAgainstDummy(password);
      throw new AppError(ErrorCode.NotFound, 'file request not found');
    }
    if (row.password_hash !== null && !(await verifyPassword(row.password_hash, password)))
      throw new AppError(ErrorCode.WrongPassword, 'incorrect password');
    await attempt.succeeded();
    return this.#answer(row, true);
  }

  /**
   * The request behind an upload step: open (any state with `anyState`, to abandon an upload),
   * its token valid, its owner still able to write.
   */
  async open(slug: string, token: string, anyState = false): Promise<OpenRequest> {
    const row = await this.#find(slug);
    const checked = this.signer.checkToken(token, row.id, this.clock.now());
    if (checked === null)
      throw new AppError(
        ErrorCode.PasswordRequired,
        'the upload token is not valid for this request: open its page again',
      );
    if (!anyState) this.mustAccept(row);
    const owner = await ownerOf(this.owners, row, isoAt(this.clock));
    if (owner === null) throw new AppError(ErrorCode.Gone, 'this file request is no longer available');
    return { row, owner, batch: { id: checked.id, startedAt: new Date(checked.expiresAtMs - REQUEST_TOKEN_TTL_MS) } };
  }

  /** Refuses a closed, expired or paused request. */
  mustAccept(row: FileRequestRow): void {
    const state = stateOf(row, this.clock.now());
    if (state === 'closed') throw new AppError(ErrorCode.Gone, 'this file request is closed');
    if (state === 'expired') throw new AppError(ErrorCode.Gone, 'this file request has expired');
    if (state === 'paused') throw new AppError(ErrorCode.Conflict, 'this file request is paused');
  }

  async #find(slug: string): Promise<FileRequestRow> {
    const row = await this.repos.fileRequests.findBySlug(slug);
    if (row === undefined) throw new AppError(ErrorCode.NotFound, 'file request not found');
    return row;
  }

  async #answer(row: FileRequestRow, unlocked: boolean): Promise<PublicFileRequest> {
    const state = stateOf(row, this.clock.now());
    const hidden: PublicFileRequest = {
      slug: row.slug,
      state,
      requires_password: row.password_hash !== null,
      title: null,
      message: null,
      expires_at: null,
      max_files: null,
      max_total_bytes: null,
      max_file_bytes: null,
      allowed_types: null,
      require_name: false,
      files_left: null,
      bytes_left: null,
      upload_token: null,
      token_expires_at: null,
    };
    if (!unlocked || state === 'closed' || state === 'expired') return hidden;
    const tally = await this.repos.fileRequests.tally(row.id, true);
    const expiresAt = this.clock.now() + REQUEST_TOKEN_TTL_MS;
    return {
      ...hidden,
      title: row.title,
      message: row.message,
      expires_at: row.expires_at,
      max_files: row.max_files,
      max_total_bytes: row.max_total_bytes,
      max_file_bytes: await this.#perFileLimit(row),
      allowed_types: parseAllowedTypes(row.allowed_types),
      require_name: row.require_name === 1,
      files_left: row.max_files === null ? null : Math.max(0, row.max_files - tally.files),
      bytes_left: row.max_total_bytes === null ? null : Math.max(0, row.max_total_bytes - tally.bytes),
      upload_token: state === 'open' ? this.signer.token(row.id, expiresAt).token : null,
      token_expires_at: state === 'open' ? new Date(expiresAt).toISOString() : null,
    };
  }

  /** The request's own per-file limit, or less: the max upload size, the free quota of its storage. */
  async #perFileLimit(row: FileRequestRow): Promise<number | null> {
    const owner = await ownerOf(this.owners, row, isoAt(this.clock));
    let limit = row.max_file_bytes;
    if (owner !== null) {
      const folder = await this.access.writableAt(owner, row.path).catch(() => null);
      if (folder !== null) {
        const room = (await this.limits.forStream(folder.config)).bytes;
        limit = limit === null ? room : Math.min(limit, room);
      }
    }
    return limit;
  }
}
