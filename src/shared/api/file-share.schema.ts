// Wire contract of shared files beyond the upload calls (upload.schema.ts): public access,
// password verification, office preview, and admin/API-key file management.
import { z } from 'zod';
import { customSlugSchema } from '../slug';
import { PASSWORD_MAX_LENGTH } from '../limits';
import { isoTimestampSchema } from '../time';

export const publicFileSchema = z.object({
  id: z.string(),
  slug: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number().int().nonnegative(),
  remark: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  max_views: z.number().int().nullable(),
  views: z.number().int().nonnegative(),
  requires_password: z.boolean(),
  /** Absent while a password is required; otherwise links to /api/file-view and /api/file-download. */
  preview_url: z.string().nullable(),
  download_url: z.string().nullable(),
  use_proxy: z.boolean(),
  /**
   * A short-lived token for /api/file-view, /api/file-download and /api/office-preview (already in
   * the links above). Null while a password is required. Requests sharing one token cost one view.
   */
  access_token: z.string().nullable(),
  token_expires_at: z.string().nullable(),
});
export type PublicFile = z.infer<typeof publicFileSchema>;

export const verifyFilePasswordRequestSchema = z.object({ password: z.string().min(1, 'password is required').max(PASSWORD_MAX_LENGTH) });
export type VerifyFilePasswordRequest = z.infer<typeof verifyFilePasswordRequestSchema>;

/** A verified file: the same data with links carrying a short-lived `?token=`. */
export const verifiedFileSchema = publicFileSchema.extend({ access_token: z.string(), token_expires_at: z.string() });
export type VerifiedFile = z.infer<typeof verifiedFileSchema>;

export const officeProviders = ['microsoft', 'google'] as const;
export type OfficeProvider = (typeof officeProviders)[number];
export const officePreviewSchema = z.object({ url: z.string(), provider: z.enum(officeProviders), expires_in: z.number().int() });
export type OfficePreview = z.infer<typeof officePreviewSchema>;

export const fileRecordSchema = z.object({
  id: z.string(),
  slug: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number().int().nonnegative(),
  storage_path: z.string(),
  storage_config_id: z.string(),
  remark: z.string().nullable(),
  has_password: z.boolean(),
  expires_at: z.string().nullable(),
  max_views: z.number().int().nullable(),
  views: z.number().int().nonnegative(),
  use_proxy: z.boolean(),
  etag: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FileRecord = z.infer<typeof fileRecordSchema>;

export const fileDetailSchema = fileRecordSchema.extend({ urls: z.object({ preview_url: z.string(), download_url: z.string() }) });
export type FileDetail = z.infer<typeof fileDetailSchema>;

export const fileListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

export const fileListSchema = z.object({
  items: z.array(fileRecordSchema),
  pagination: z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int(), hasMore: z.boolean() }),
});
export type FileList = z.infer<typeof fileListSchema>;

/** PUT /admin/files/:id. `password` null or "" clears it; a new `max_views` resets the view count. */
export const updateFileRequestSchema = z.object({
  remark: z.string().max(1000).nullable().optional(),
  slug: customSlugSchema.optional(),
  expires_at: isoTimestampSchema.nullable().optional(),
  max_views: z.number().int().nonnegative().nullable().optional(),
  password: z.string().max(PASSWORD_MAX_LENGTH).nullable().optional(),
  use_proxy: z.boolean().optional(),
});
export type UpdateFileRequest = z.infer<typeof updateFileRequestSchema>;

export const batchDeleteFilesRequestSchema = z.object({ ids: z.array(z.string().min(1)).min(1).max(1000) });
export type BatchDeleteFilesRequest = z.infer<typeof batchDeleteFilesRequestSchema>;
export const batchDeleteFilesResponseSchema = z.object({ deleted: z.number().int().nonnegative() });

/** DELETE /admin/files/:id and /user/files/:id: the share and its stored object are gone. */
export const fileDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type FileDeleted = z.infer<typeof fileDeletedSchema>;

/** The short-lived access token of /api/file-view, /api/file-download and /api/office-preview. */
export const fileAccessQuerySchema = z.object({ token: z.string().optional() });

/** A text, code or Markdown file's beginning, rendered by the server to safe HTML. */
export const filePreviewSchema = z.object({
  /** Markdown rendered and sanitised, code highlighted, plain text escaped. */
  html: z.string(),
  markdown: z.boolean(),
  /** Whether the file goes on past the `limit_bytes` shown; the rest stays a download. */
  truncated: z.boolean(),
  limit_bytes: z.number().int().positive(),
});
export type FilePreview = z.infer<typeof filePreviewSchema>;
/** `provider` is checked by the server, which answers BAD_REQUEST naming the supported ones. */
export const officePreviewQuerySchema = fileAccessQuerySchema.extend({ provider: z.string().optional() });
