// Wire contract of shared files beyond the upload calls (upload.schema.ts): public access,
// password verification, office preview, and admin/API-key file management.
import * as z from 'zod/mini';
import { e2eeFileHeaderSchema } from '@shared/e2ee/share';
import { e2eeLockSchema } from '@shared/e2ee/lock';
import { customSlugSchema } from '@shared/slug';
import { PASSWORD_MAX_LENGTH } from '@shared/limits';
import { unrenderedSchema } from '@shared/markdown/unrendered';
import { isoTimestampSchema } from '@shared/time';

export const publicFileSchema = z.object({
  id: z.string(),
  slug: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.int().check(z.nonnegative()),
  remark: z.nullable(z.string()),
  created_at: z.string(),
  expires_at: z.nullable(z.string()),
  max_views: z.nullable(z.int()),
  views: z.int().check(z.nonnegative()),
  requires_password: z.boolean(),
  /** Absent while a password is required; otherwise links to /api/file-view and /api/file-download. */
  preview_url: z.nullable(z.string()),
  download_url: z.nullable(z.string()),
  use_proxy: z.boolean(),
  /**
   * A short-lived token for /api/file-view, /api/file-download and /api/office-preview (already in
   * the links above). Null while a password is required. Requests sharing one token cost one view.
   */
  access_token: z.nullable(z.string()),
  token_expires_at: z.nullable(z.string()),
  /** An end-to-end encrypted file's header: its real name, type and size open only with the link's key. */
  e2ee: z.optional(e2eeFileHeaderSchema),
});
export type PublicFile = z.infer<typeof publicFileSchema>;

/**
 * A protected share before its password: nothing about the file (name, type, size, remark, dates,
 * views) but that it needs one. No links and no token either.
 */
export const lockedFileSchema = z.object({
  slug: z.string(),
  requires_password: z.literal(true),
  preview_url: z.null(),
  download_url: z.null(),
  access_token: z.null(),
  token_expires_at: z.null(),
  /** Encrypted end to end: a visitor without the link's key is told so before giving a password. */
  e2ee: z.optional(z.literal(true)),
  /** Its key check and a passphrase's parameters: a wrong key or passphrase is told before the password. */
  e2eeLock: z.optional(e2eeLockSchema),
});
export type LockedFile = z.infer<typeof lockedFileSchema>;

/** What GET /api/public/files/:slug answers: an unprotected share's details, or a locked one. */
export const publicFileAnswerSchema = z.union([publicFileSchema, lockedFileSchema]);
export type PublicFileAnswer = PublicFile | LockedFile;

export function isLockedFile(file: PublicFileAnswer): file is LockedFile {
  return !('filename' in file);
}

export const verifyFilePasswordRequestSchema = z.object({
  password: z.string().check(z.minLength(1, 'password is required'), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type VerifyFilePasswordRequest = z.infer<typeof verifyFilePasswordRequestSchema>;

/** A verified file: the same data with links carrying a short-lived `?token=`. */
export const verifiedFileSchema = z.extend(publicFileSchema, {
  access_token: z.string(),
  token_expires_at: z.string(),
});
export type VerifiedFile = z.infer<typeof verifiedFileSchema>;

export const officeProviders = ['microsoft', 'google'] as const;
export type OfficeProvider = (typeof officeProviders)[number];
export const officePreviewSchema = z.object({
  url: z.string(),
  provider: z.enum(officeProviders),
  expires_in: z.int(),
});
export type OfficePreview = z.infer<typeof officePreviewSchema>;

export const fileRecordSchema = z.object({
  id: z.string(),
  slug: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.int().check(z.nonnegative()),
  storage_path: z.string(),
  storage_config_id: z.string(),
  remark: z.nullable(z.string()),
  has_password: z.boolean(),
  expires_at: z.nullable(z.string()),
  max_views: z.nullable(z.int()),
  views: z.int().check(z.nonnegative()),
  use_proxy: z.boolean(),
  etag: z.nullable(z.string()),
  created_by: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  /** Shared from the explorer: the file's path in its mount, whose bytes the share reads; else null. */
  source_path: z._default(z.nullable(z.string()), null),
  /** Encrypted end to end: its name and type here are placeholders. */
  e2ee: z.optional(z.literal(true)),
});
export type FileRecord = z.infer<typeof fileRecordSchema>;

export const fileDetailSchema = z.extend(fileRecordSchema, {
  urls: z.object({ preview_url: z.string(), download_url: z.string() }),
});
export type FileDetail = z.infer<typeof fileDetailSchema>;

export const fileListQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
});
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

export const fileListSchema = z.object({
  items: z.array(fileRecordSchema),
  pagination: z.object({ total: z.int(), limit: z.int(), offset: z.int(), hasMore: z.boolean() }),
});
export type FileList = z.infer<typeof fileListSchema>;

/** PUT /admin/files/:id. `password` null or "" clears it; a new `max_views` resets the view count. */
export const updateFileRequestSchema = z.object({
  remark: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
  slug: z.optional(customSlugSchema),
  expires_at: z.optional(z.nullable(isoTimestampSchema)),
  max_views: z.optional(z.nullable(z.int().check(z.nonnegative()))),
  password: z.optional(z.nullable(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)))),
  use_proxy: z.optional(z.boolean()),
});
export type UpdateFileRequest = z.infer<typeof updateFileRequestSchema>;

export const batchDeleteFilesRequestSchema = z.object({
  ids: z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.maxLength(1000)),
});
export type BatchDeleteFilesRequest = z.infer<typeof batchDeleteFilesRequestSchema>;
export const batchDeleteFilesResponseSchema = z.object({ deleted: z.int().check(z.nonnegative()) });

/** DELETE /admin/files/:id and /user/files/:id: the share and its stored object are gone. */
export const fileDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type FileDeleted = z.infer<typeof fileDeletedSchema>;

/** The short-lived access token of /api/file-view, /api/file-download and /api/office-preview. */
export const fileAccessQuerySchema = z.object({ token: z.optional(z.string()) });

/** A text, code or Markdown file's beginning, rendered by the server to safe HTML. */
export const filePreviewSchema = z.object({
  /** Markdown rendered and sanitised, code highlighted, plain text escaped. */
  html: z.string(),
  /** Set when `html` is the text escaped, not rendered or highlighted, and why. */
  unrendered: z.optional(unrenderedSchema),
  markdown: z.boolean(),
  /** Whether the file goes on past the `limit_bytes` shown; the rest stays a download. */
  truncated: z.boolean(),
  limit_bytes: z.int().check(z.positive()),
});
export type FilePreview = z.infer<typeof filePreviewSchema>;
/** `provider` is checked by the server, which answers BAD_REQUEST naming the supported ones. */
export const officePreviewQuerySchema = z.extend(fileAccessQuerySchema, {
  provider: z.optional(z.string()),
  /** The product spec's client sends a protected file's password here; the app sends `token`. */
  password: z.optional(z.string().check(z.minLength(1))),
});
