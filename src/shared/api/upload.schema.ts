// Wire contract of file-share uploads: presign → PUT → commit for small files,
// multipart init → part PUTs → complete → commit for large ones, abort and cancel for clean-up.
import * as z from 'zod/mini';
import { e2eeFileHeaderSchema } from '@shared/e2ee/share';
import { PASSWORD_MAX_LENGTH } from '@shared/limits';
import { customSlugSchema } from '@shared/slug';
import { expiresInHoursSchema } from '@shared/time';

/** S3 refuses parts below 5 MiB (except the last) and uploads of more than 10,000 parts. */
export const MULTIPART_MIN_PART_BYTES = 5 * 1024 * 1024;
export const MULTIPART_MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;
export const MULTIPART_MAX_PARTS = 10_000;

const fileId = z.string().check(z.minLength(1));
const uploadId = z.string().check(z.minLength(1));
const byteSize = z.number().check(z.int(), z.nonnegative());
const partNumber = z.number().check(z.int(), z.gte(1), z.lte(MULTIPART_MAX_PARTS));

/** Share settings sent only when set. `expires_in` is in hours; `max_views` 0 = unlimited. */
export const uploadShareOptionsSchema = z.object({
  s3_config_id: z.optional(z.string().check(z.minLength(1))),
  path: z.optional(z.string()),
  slug: z.optional(customSlugSchema),
  remark: z.optional(z.string()),
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH))),
  expires_in: z.optional(expiresInHoursSchema),
  max_views: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type UploadShareOptions = z.infer<typeof uploadShareOptionsSchema>;

export const presignRequestSchema = z.object({
  s3_config_id: z.optional(z.string().check(z.minLength(1))),
  filename: z.string().check(z.minLength(1)),
  mimetype: z.string().check(z.minLength(1)),
  path: z.optional(z.string()),
  slug: z.optional(customSlugSchema),
  size: byteSize,
  /** The share's remark, kept until commit (whose own remark wins). */
  remark: z.optional(z.string().check(z.maxLength(1000))),
  /**
   * An end-to-end encrypted file's header (docs/encryption.md): `size` is then the sealed size, and
   * the server stores it under a neutral name and type, never the ones sent.
   */
  e2ee: z.optional(e2eeFileHeaderSchema),
});
export type PresignRequest = z.infer<typeof presignRequestSchema>;

export const presignResponseSchema = z.object({
  upload_url: z.string().check(z.minLength(1)),
  file_id: fileId,
  storage_path: z.string(),
  s3_url: z.string(),
  slug: z.string(),
  provider_type: z.string(),
  contentType: z.string().check(z.minLength(1)),
});
export type PresignResponse = z.infer<typeof presignResponseSchema>;

export const commitRequestSchema = z.object({
  file_id: fileId,
  etag: z.string().check(z.minLength(1)),
  size: byteSize,
  remark: z.optional(z.string()),
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH))),
  expires_in: z.optional(expiresInHoursSchema),
  max_views: z.optional(z.number().check(z.int(), z.nonnegative())),
  // Echoes of the presign answer the product spec's client sends back; the upload already holds them.
  s3_config_id: z.optional(z.string()),
  storage_path: z.optional(z.string()),
  s3_url: z.optional(z.string()),
  filename: z.optional(z.string()),
  mimetype: z.optional(z.string()),
  slug: z.optional(z.string()),
});
export type CommitRequest = z.infer<typeof commitRequestSchema>;

export const commitResponseSchema = z.object({
  id: fileId,
  slug: z.string(),
  filename: z.string(),
  storage_path: z.string(),
  s3_url: z.string(),
  mimetype: z.string(),
  size: byteSize,
  remark: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  hasPassword: z.boolean(),
  expiresAt: z.nullable(z.string()),
  maxViews: z.nullable(z.number().check(z.int(), z.nonnegative())),
  url: z.string(),
});
export type CommitResponse = z.infer<typeof commitResponseSchema>;

export const multipartInitRequestSchema = z.extend(presignRequestSchema, {
  part_size: z.optional(z.number().check(z.int(), z.gte(MULTIPART_MIN_PART_BYTES), z.lte(MULTIPART_MAX_PART_BYTES))),
});
export type MultipartInitRequest = z.infer<typeof multipartInitRequestSchema>;

export const presignedPartSchema = z.object({ partNumber, url: z.string().check(z.minLength(1)) });
export type PresignedPart = z.infer<typeof presignedPartSchema>;

export const multipartInitResponseSchema = z.object({
  file_id: fileId,
  upload_id: uploadId,
  storage_path: z.string(),
  slug: z.string(),
  part_size: z.number().check(z.int(), z.gte(MULTIPART_MIN_PART_BYTES), z.lte(MULTIPART_MAX_PART_BYTES)),
  part_count: z.number().check(z.int(), z.gte(1), z.lte(MULTIPART_MAX_PARTS)),
  presigned_urls: z.array(presignedPartSchema),
});
export type MultipartInitResponse = z.infer<typeof multipartInitResponseSchema>;

/**
 * Fresh part URLs when the first ones have expired (upload links last 15 minutes). Each link is
 * signed for its part's exact length in the plan init answered; the server keeps its part size.
 */
export const multipartUrlsRequestSchema = z.object({
  file_id: fileId,
  upload_id: uploadId,
  part_numbers: z.array(partNumber).check(z.minLength(1), z.maxLength(MULTIPART_MAX_PARTS)),
});
export type MultipartUrlsRequest = z.infer<typeof multipartUrlsRequestSchema>;

export const multipartUrlsResponseSchema = z.object({ presigned_urls: z.array(presignedPartSchema) });
export type MultipartUrlsResponse = z.infer<typeof multipartUrlsResponseSchema>;

export const completedPartSchema = z.object({ partNumber, etag: z.string().check(z.minLength(1), z.maxLength(200)) });
export type CompletedPart = z.infer<typeof completedPartSchema>;

export const multipartCompleteRequestSchema = z.object({
  file_id: fileId,
  upload_id: uploadId,
  parts: z.array(completedPartSchema).check(z.minLength(1), z.maxLength(MULTIPART_MAX_PARTS)),
});
export type MultipartCompleteRequest = z.infer<typeof multipartCompleteRequestSchema>;

/** `etag` is the assembled object's ETag; the client sends it on to commit. */
export const multipartCompleteResponseSchema = z.object({ file_id: fileId, etag: z.string().check(z.minLength(1)) });
export type MultipartCompleteResponse = z.infer<typeof multipartCompleteResponseSchema>;

/** The parts already stored for a pending multipart upload (resuming it after a reload). */
export const multipartPartsRequestSchema = z.object({ file_id: fileId, upload_id: uploadId });
export type MultipartPartsRequest = z.infer<typeof multipartPartsRequestSchema>;

export const storedPartSchema = z.extend(completedPartSchema, { size: byteSize });
export type StoredPart = z.infer<typeof storedPartSchema>;

/** The plan init answered, and every part storage holds, in part order. */
export const multipartPartsResponseSchema = z.object({
  file_id: fileId,
  upload_id: uploadId,
  part_size: z.number().check(z.int(), z.gte(MULTIPART_MIN_PART_BYTES), z.lte(MULTIPART_MAX_PART_BYTES)),
  part_count: z.number().check(z.int(), z.gte(1), z.lte(MULTIPART_MAX_PARTS)),
  parts: z.array(storedPartSchema),
});
export type MultipartPartsResponse = z.infer<typeof multipartPartsResponseSchema>;

export const multipartAbortRequestSchema = z.object({ file_id: fileId, upload_id: uploadId });
export type MultipartAbortRequest = z.infer<typeof multipartAbortRequestSchema>;

export const multipartAbortResponseSchema = z.object({ file_id: fileId, status: z.literal('aborted') });
export type MultipartAbortResponse = z.infer<typeof multipartAbortResponseSchema>;

/** Deletes an upload that was never committed (its row and object). Committed files are refused. */
export const uploadCancelRequestSchema = z.object({ file_id: fileId });
export type UploadCancelRequest = z.infer<typeof uploadCancelRequestSchema>;

export const uploadCancelResponseSchema = z.object({ file_id: fileId, status: z.literal('cancelled') });
export type UploadCancelResponse = z.infer<typeof uploadCancelResponseSchema>;

/** A form field that carries a number as text; empty means unset. */
function formNumber<T extends z.core.$ZodType<number, number>>(schema: T) {
  return z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => (value === undefined || value.trim() === '' ? undefined : Number(value))),
    ),
    z.optional(schema),
  );
}

/**
 * POST /upload, a multipart/form-data body: these text fields and one `file` part. The fields
 * that place the file (`s3_config_id`, `path`, `slug`, `mimetype`) must come before `file`;
 * the share settings may follow it.
 */
export const uploadFormPlacementSchema = z.object({
  s3_config_id: z.optional(z.string().check(z.minLength(1))),
  path: z.optional(z.string()),
  slug: z.optional(customSlugSchema),
  /** Defaults to the file part's own Content-Type. */
  mimetype: z.optional(z.string()),
});
export const uploadFormShareSchema = z.object({
  remark: uploadShareOptionsSchema.shape.remark,
  password: uploadShareOptionsSchema.shape.password,
  expires_in: formNumber(expiresInHoursSchema),
  max_views: formNumber(z.number().check(z.int(), z.nonnegative())),
});
export const uploadFormFieldsSchema = z.extend(uploadFormPlacementSchema, uploadFormShareSchema.shape);
export type UploadFormFields = z.input<typeof uploadFormFieldsSchema>;

/** Where one upload is; `downloading` is a URL upload still reading its source. */
export const uploadStages = [
  'starting',
  'initializing',
  'downloading',
  'uploading',
  'processing',
  'completing',
  'completed',
] as const;
export const uploadStageSchema = z.enum(uploadStages);
export type UploadStage = z.infer<typeof uploadStageSchema>;

/**
 * Why an upload failed, on the client. The UI
 * translates `upload.errors.<code>`.
 */
export const uploadErrorCodes = [
  'cancelled',
  'network',
  'http',
  'presign-failed',
  'init-failed',
  'missing-part-url',
  'part-failed',
  'complete-failed',
  'commit-failed',
  'too-large',
  'quota',
  'slug-taken',
  'unauthorized',
  'forbidden',
  'bad-response',
  'invalid-job',
  'internal',
  // URL uploads: the source answered an HTTP error (`status`), could not
  // be reached or read in time, is refused by the server's address rules, did not say its size,
  // or sent another number of bytes than it announced.
  'url-fetch-failed',
  'url-unreachable',
  'url-not-allowed',
  'url-size-unknown',
  'url-size-mismatch',
  // Every other transfer of the worker shares these codes; the basket's ZIP adds that its file
  // could not be written.
  'write-failed',
] as const;
export const uploadErrorCodeSchema = z.enum(uploadErrorCodes);
export type UploadErrorCode = z.infer<typeof uploadErrorCodeSchema>;
