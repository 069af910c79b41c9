// Public access to file shares: metadata, password verification (rate limited per IP and slug,
// answered with a short-lived signed token, never a password in a link) and office previews.
import type { Kysely } from 'kysely';
import type { OfficePreview, PublicFile, VerifiedFile } from '../../src/shared/api/file-share.schema';
import { officeProviders, type OfficeProvider } from '../../src/shared/api/file-share.schema';
import { ErrorCode } from '../../src/shared/errors';
import { FileRepo, type FileRow } from '../db/repos/file.repo';
import { StorageConfigRepo, type StorageConfigRow } from '../db/repos/storage-config.repo';
import type { Database } from '../db/schema';
import { AppError } from '../lib/app-error';
import { isoAt, type Clock } from '../lib/clock';
import { serveHeaders } from '../lib/content-safety';
import { verifyPassword } from '../lib/password';
import type { FailureLimiter } from '../lib/rate-limiter';
import type { UrlSigner } from '../lib/signed-url';
import type { StorageRegistry } from '../storage/storage-registry';

export const fileTokenTtlMs = 15 * 60 * 1000;
const viewers: Record<OfficeProvider, (url: string) => string> = {
  microsoft: (url) => `https://view.officeapps.live.com/op/view.aspx?src=${encodeURIComponent(url)}`,
  google: (url) => `https://docs.google.com/viewer?url=${encodeURIComponent(url)}&embedded=true`,
};

export class PublicFileService {
  readonly files: FileRepo;
  readonly configs: StorageConfigRepo;

  constructor(
    db: Kysely<Database>,
    readonly clock: Clock,
    readonly storage: StorageRegistry,
    private readonly signer: UrlSigner,
    private readonly limiter: FailureLimiter,
  ) {
    this.files = new FileRepo(db);
    this.configs = new StorageConfigRepo(db);
  }

  /** Metadata only: counts no view; a protected file gets no links. */
  async info(slug: string, origin: string): Promise<PublicFile> {
    const row = await this.live(slug);
    return this.#toPublic(row, origin, row.password_hash === null ? '' : undefined);
  }

  async verify(slug: string, password: string, ip: string, origin: string): Promise<VerifiedFile> {
    const limitKey = `${ip}|${slug}`;
    const wait = this.limiter.retryAfterSeconds(limitKey);
    if (wait > 0) throw new AppError(ErrorCode.RateLimited, 'too many wrong passwords, try again later', { retryAfterSeconds: wait });
    const row = await this.live(slug);
    if (row.password_hash !== null && !(await verifyPassword(row.password_hash, password))) {
      this.limiter.fail(limitKey);
      throw new AppError(ErrorCode.WrongPassword, 'incorrect password');
    }
    const expiresAt = this.clock.now() + fileTokenTtlMs;
    const token = this.signer.token(row.id, expiresAt);
    return { ...this.#toPublic(row, origin, `?token=${encodeURIComponent(token)}`), access_token: token, token_expires_at: new Date(expiresAt).toISOString() };
  }

  async officePreview(slug: string, provider: string | undefined, token: string | undefined, origin: string): Promise<OfficePreview> {
    const chosen = officeProviders.find((name) => name === provider);
    if (chosen === undefined) throw new AppError(ErrorCode.BadRequest, `unsupported provider: use ${officeProviders.join(' or ')}`);
    const row = await this.live(slug);
    this.checkAccess(row, token);
    const config = await this.configOf(row);
    const headers = serveHeaders(row.mimetype, row.filename, 'view');
    const url = await (await this.storage.driverFor(config)).presignGet(row.storage_path, {
      expiresIn: config.signature_expires_in,
      contentType: headers.contentType,
      contentDisposition: headers.contentDisposition,
    });
    return { url: viewers[chosen](new URL(url, origin).toString()), provider: chosen, expires_in: config.signature_expires_in };
  }

  /** A committed, unexpired share with views left; expired ones are deleted on the way (410). */
  async live(slug: string): Promise<FileRow> {
    const row = await this.files.findBySlug(slug);
    if (row === undefined || row.status !== 'committed') throw new AppError(ErrorCode.NotFound, 'file not found');
    if (row.expires_at !== null && row.expires_at <= isoAt(this.clock)) {
      await this.remove(row);
      throw new AppError(ErrorCode.Gone, 'this file has expired');
    }
    if (row.max_views !== null && row.max_views > 0 && row.views >= row.max_views) throw new AppError(ErrorCode.Gone, 'this file has reached its view limit');
    return row;
  }

  /** Protected files need the token that verify handed out. */
  checkAccess(row: FileRow, token: string | undefined): void {
    if (row.password_hash === null) return;
    if (token === undefined || token === '') throw new AppError(ErrorCode.PasswordRequired, 'this file is password protected; verify the password first');
    if (!this.signer.checkToken(token, row.id, this.clock.now())) throw new AppError(ErrorCode.Forbidden, 'access token invalid or expired');
  }

  async configOf(row: FileRow): Promise<StorageConfigRow> {
    const config = await this.configs.findById(row.storage_config_id);
    if (config === undefined) throw new AppError(ErrorCode.NotFound, 'file not found');
    return config;
  }

  /** Deletes the row, then (if this call removed it) the object. */
  async remove(row: FileRow): Promise<void> {
    if (!(await this.files.delete(row.id))) return;
    const config = await this.configs.findById(row.storage_config_id);
    if (config !== undefined) await (await this.storage.driverFor(config)).deleteMany([row.storage_path]);
  }

  #toPublic(row: FileRow, origin: string, linkSuffix: string | undefined): PublicFile {
    const link = (kind: 'view' | 'download') => (linkSuffix === undefined ? null : `${origin}/api/file-${kind}/${encodeURIComponent(row.slug)}${linkSuffix}`);
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
    };
  }
}
