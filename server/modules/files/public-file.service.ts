// Public access to file shares: metadata, password verification (attempts limited per IP, per
// file and per (IP, file)), access tokens and office previews. Links carry a short-lived signed
// token, never a password; unprotected files get one too, so a page visit counts one view.
import { e2eeFileHeaderSchema } from '@shared/e2ee/share';
import type { E2eeLock } from '@shared/e2ee/lock';
import type { Repositories } from '@server/db/repositories';
import type { OfficePreview, PublicFile, PublicFileAnswer, VerifiedFile } from '@shared/api/file-share.schema';
import { officeProviders } from '@shared/api/file-share.schema';
import { ErrorCode } from '@shared/errors';
import { officeViewerUrl } from '@shared/office-viewer';
import type { FileRepo } from './file.repo';
import type { FileRow } from './files.types';
import type { StorageConfigLookupService } from '@server/modules/storage-configs/storage-config-lookup.service';
import type { StorageConfigRow } from '@server/modules/storage-configs/storage-configs.types';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { serveHeaders } from '@server/lib/content-safety';
import { verifyPassword } from '@server/lib/password';
import type { UrlSigner } from '@server/lib/signed-url';
import type { StorageRegistry } from '@server/storage/storage-registry';
import { FileViews, type FileAccess } from './file-views';
import { reservePasswordAttempt, type PasswordLimiters } from '@server/lib/share-password-limits';

export const fileTokenTtlMs = 15 * 60 * 1000;

const isUsedUp = (row: FileRow) => row.max_views !== null && row.max_views > 0 && row.views >= row.max_views;
const usedUp = () => new AppError(ErrorCode.Gone, 'this file has reached its view limit');
export const officePreviewTtlSeconds = 300;

export class PublicFileService {
  readonly files: FileRepo;
  readonly views: FileViews;

  constructor(
    repos: Pick<Repositories, 'files' | 'fileViewTokens'>,
    private readonly configs: StorageConfigLookupService,
    readonly clock: Clock,
    readonly storage: StorageRegistry,
    private readonly signer: UrlSigner,
    private readonly limiters: PasswordLimiters,
    /** Takes a removed share's object out of the explorer's index (the fs module's FsShareIndex). */
    private readonly unindex: (configId: string, key: string) => Promise<void> = async () => undefined,
  ) {
    this.files = repos.files;
    this.views = new FileViews(this.files, repos.fileViewTokens, clock);
  }

  /**
   * Details only, counting no view; an unprotected file gets an access token. A protected one says
   * nothing but that it needs its password: not its name, type, size, remark, dates or views.
   */
  async info(slug: string, origin: string): Promise<PublicFileAnswer> {
    const row = await this.live(slug);
    if (row.password_hash !== null)
      return {
        slug: row.slug,
        requires_password: true,
        preview_url: null,
        download_url: null,
        access_token: null,
        token_expires_at: null,
        ...(row.e2ee === null ? {} : { e2ee: true as const, ...fileLockOf(row.e2ee) }),
      };
    return this.#withToken(row, origin);
  }

  async verify(slug: string, password: string, ip: string, origin: string): Promise<VerifiedFile> {
    const attempt = await reservePasswordAttempt(this.limiters, ip, slug);
    const row = await this.live(slug);
    if (row.password_hash !== null && !(await verifyPassword(row.password_hash, password))) {
      throw new AppError(ErrorCode.WrongPassword, 'incorrect password');
    }
    await attempt.succeeded();
    return this.#withToken(row, origin);
  }

  /** A short-lived viewer link; it costs a view like a delivery (once per access token). */
  async officePreview(
    slug: string,
    provider: string | undefined,
    token: string | undefined,
    origin: string,
  ): Promise<OfficePreview> {
    const chosen = officeProviders.find((name) => name === provider);
    if (chosen === undefined)
      throw new AppError(ErrorCode.BadRequest, `unsupported provider: use ${officeProviders.join(' or ')}`);
    const { row, access } = await this.open(slug, token);
    const config = await this.configOf(row);
    await this.views.record(row, access, undefined);
    const headers = serveHeaders(row.mimetype, row.filename, 'view');
    const url = await (await this.storage.driverFor(config)).presignGet(row.storage_path, {
      expiresIn: officePreviewTtlSeconds,
      contentType: headers.contentType,
      contentDisposition: headers.contentDisposition,
    });
    return {
      url: officeViewerUrl(chosen, new URL(url, origin).toString()),
      provider: chosen,
      expires_in: officePreviewTtlSeconds,
    };
  }

  /**
   * A committed, unexpired share with views left; an expired or used-up one is 410. Nothing is
   * deleted here: the last view may still be streaming its bytes, so the delivery that served it
   * (or, after a grace, the sweeper) removes it.
   */
  async live(slug: string): Promise<FileRow> {
    const row = await this.#unexpired(slug);
    if (isUsedUp(row)) throw usedUp();
    return row;
  }

  /**
   * A share's bytes for a request with this token: like `live`, except that the visit whose token
   * already paid a view may finish once the views are used up (a preview, then the download).
   */
  async open(slug: string, token: string | undefined): Promise<{ row: FileRow; access: FileAccess }> {
    const row = await this.#unexpired(slug);
    if (!isUsedUp(row)) return { row, access: this.checkAccess(row, token) };
    // Used up: everyone but that visit hears 410, whatever token they bring.
    const access = this.#tokenAccess(row, token);
    if (access === null || !(await this.views.paidBy(row, access))) throw usedUp();
    return { row, access };
  }

  async #unexpired(slug: string): Promise<FileRow> {
    const row = await this.files.findBySlug(slug);
    if (row === undefined && (await this.files.isTombstoned(slug)))
      throw new AppError(ErrorCode.Gone, 'this file is no longer available');
    if (row === undefined || row.status !== 'committed') throw new AppError(ErrorCode.NotFound, 'file not found');
    if (row.expires_at !== null && row.expires_at <= isoAt(this.clock))
      throw new AppError(ErrorCode.Gone, 'this file has expired');
    return row.source_path === null ? row : this.#inMount(row);
  }

  /**
   * A share made from the explorer reads the mount's file as it is now: deleted (or moved to another
   * storage) is 410, and a file rewritten since keeps the share with its new size. A rename or a
   * move inside the storage was followed when it happened (fs-share-follower.ts).
   */
  async #inMount(row: FileRow): Promise<FileRow> {
    const config = await this.configOf(row);
    const head = await (await this.storage.driverFor(config)).head(row.storage_path);
    if (head === null) throw new AppError(ErrorCode.Gone, 'the shared file is no longer in its mount');
    if (head.size === row.size && head.etag === row.etag) return row;
    await this.files.update(row.id, { size: head.size, etag: head.etag });
    return { ...row, size: head.size, etag: head.etag };
  }

  /**
   * The request's access token, checked. A protected file needs a valid one; for an unprotected
   * file a missing, stale or foreign token just means "no token".
   */
  checkAccess(row: FileRow, token: string | undefined): FileAccess {
    const access = this.#tokenAccess(row, token);
    if (row.password_hash !== null) {
      if (token === undefined || token === '')
        throw new AppError(ErrorCode.PasswordRequired, 'this file is password protected; verify the password first');
      if (access === null) throw new AppError(ErrorCode.Forbidden, 'access token invalid or expired');
    }
    return access;
  }

  /** The token's id and expiry when it is a valid one for this share, else null. */
  #tokenAccess(row: FileRow, token: string | undefined): FileAccess {
    const checked =
      token === undefined || token === '' ? null : this.signer.checkToken(token, row.id, this.clock.now());
    return checked === null ? null : { tokenId: checked.id, expiresAtMs: checked.expiresAtMs };
  }

  async configOf(row: FileRow): Promise<StorageConfigRow> {
    const config = await this.configs.byId(row.storage_config_id);
    if (config === undefined) throw new AppError(ErrorCode.NotFound, 'file not found');
    return config;
  }

  /** Deletes the row, then (if this call removed it) the object. */
  async remove(row: FileRow): Promise<void> {
    if (!(await this.files.delete(row.id))) return;
    await this.#deleteObject(row);
  }

  /** Like remove, for a share that expired or used up its views: its slug answers 410 from now on. */
  async retire(row: FileRow): Promise<void> {
    if (!(await this.files.retire(row, isoAt(this.clock)))) return;
    await this.#deleteObject(row);
  }

  async #deleteObject(row: FileRow): Promise<void> {
    // A share made from the explorer reads the mount's own file: that stays where it is.
    if (row.source_path !== null) return;
    const config = await this.configs.byId(row.storage_config_id);
    if (config === undefined) return;
    await (await this.storage.driverFor(config)).deleteMany([row.storage_path]);
    await this.unindex(config.id, row.storage_path);
  }

  #withToken(row: FileRow, origin: string): VerifiedFile {
    const expiresAt = this.clock.now() + fileTokenTtlMs;
    const { token } = this.signer.token(row.id, expiresAt);
    return {
      ...this.#toPublic(row, origin, `?token=${encodeURIComponent(token)}`),
      access_token: token,
      token_expires_at: new Date(expiresAt).toISOString(),
    };
  }

  #toPublic(
    row: FileRow,
    origin: string,
    linkSuffix: string | undefined,
  ): Omit<PublicFile, 'access_token' | 'token_expires_at'> {
    const link = (kind: 'view' | 'download') =>
      linkSuffix === undefined ? null : `${origin}/api/file-${kind}/${encodeURIComponent(row.slug)}${linkSuffix}`;
    return {
      id: row.id,
      slug: row.slug,
      filename: row.filename,
      mimetype: row.mimetype,
      size: row.size,
      remark: row.remark,
      created_at: row.created_at,
      expires_at: row.expires_at,
      max_views: row.max_views,
      views: row.views,
      requires_password: row.password_hash !== null,
      preview_url: link('view'),
      download_url: link('download'),
      use_proxy: row.use_proxy === 1,
      ...(row.e2ee === null ? {} : { e2ee: e2eeFileHeaderSchema.parse(JSON.parse(row.e2ee)) }),
    };
  }
}

/** The lock inside an encrypted file's header (docs/encryption.md), for a visitor still before its password. */
function fileLockOf(stored: string): { e2eeLock?: E2eeLock } {
  const header = e2eeFileHeaderSchema.safeParse(JSON.parse(stored));
  if (!header.success || header.data.check === undefined) return {};
  const { check, kdf } = header.data;
  return { e2eeLock: kdf === undefined ? { check } : { check, kdf } };
}
