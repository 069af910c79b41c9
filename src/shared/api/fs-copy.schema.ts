// Wire contract of copies in the mount explorer (batch-copy, batch-copy-commit). Inside one
// storage the server copies and answers per item. Across storages it answers a plan: every file
// (folders expanded at every level) with a download link and an upload already reserved in the
// target (a presigned PUT, or a multipart upload above COPY_SINGLE_PUT_MAX_BYTES); the client
// streams each file across, completes multipart uploads, then commits the files in batches.
import * as z from 'zod/mini';
import { errorCodeSchema } from '@shared/errors';
import { FS_BATCH_MAX_PATHS, fsEntrySchema, fsPathSchema } from './fs.schema';
import { MULTIPART_MAX_PARTS, presignedPartSchema } from './upload.schema';

/** Files up to this size go up in one presigned PUT; larger ones as a multipart upload. */
export const COPY_SINGLE_PUT_MAX_BYTES = 16 * 1024 * 1024;
/** Parts of a copy's multipart upload: what the client holds in memory per part in flight. */
export const COPY_PART_BYTES = 16 * 1024 * 1024;
/** A commit names at most this many files; a larger plan is committed in several calls. */
export const COPY_COMMIT_MAX_FILES = 1000;

const byteSize = z.number().check(z.int(), z.nonnegative());
const uploadId = z.string().check(z.minLength(1), z.maxLength(100));

export const fsBatchCopyItemSchema = z.object({
  sourcePath: fsPathSchema,
  /** The new path of the file or folder itself (not the folder it goes into). */
  targetPath: fsPathSchema,
});
export type FsBatchCopyItem = z.infer<typeof fsBatchCopyItemSchema>;

export const fsBatchCopyRequestSchema = z.object({
  items: z.array(fsBatchCopyItemSchema).check(z.minLength(1), z.maxLength(FS_BATCH_MAX_PATHS)),
  /** True by default (the product's rule). An existing target file is kept (skipped); false replaces it. */
  skipExisting: z._default(z.boolean(), true),
});
export type FsBatchCopyRequest = z.input<typeof fsBatchCopyRequestSchema>;

/**
 * One item's outcome. `copied`: done by the server; `planned`: across storages, listed in
 * crossStorageResults for the client; `skipped`: every file was already there; `failed`: `code`
 * and `error` say why (files copied before the failure stay and are indexed).
 */
export const fsCopyDetailSchema = z.object({
  sourcePath: z.string(),
  targetPath: z.string(),
  status: z.enum(['copied', 'planned', 'skipped', 'failed']),
  isDirectory: z.boolean(),
  /** Files copied by the server (or planned for the client). */
  files: z.number().check(z.int(), z.nonnegative()),
  /** Files left as they were because the target existed. */
  skippedFiles: z.number().check(z.int(), z.nonnegative()),
  code: z.optional(errorCodeSchema),
  error: z.optional(z.string()),
});
export type FsCopyDetail = z.infer<typeof fsCopyDetailSchema>;

/** Where the client sends a file's bytes: one PUT with `Content-Type: contentType`, or parts. */
export const fsCopyUploadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('put'),
    uploadId,
    uploadUrl: z.string().check(z.minLength(1)),
    expiresIn: z.number().check(z.int(), z.positive()),
  }),
  z.object({
    kind: z.literal('multipart'),
    uploadId,
    partSize: z.number().check(z.int(), z.positive()),
    partCount: z.number().check(z.int(), z.gte(1), z.lte(MULTIPART_MAX_PARTS)),
    presignedUrls: z.array(presignedPartSchema),
    /** Refresh part URLs with multipart/urls; finish with multipart/complete before committing. */
    expiresIn: z.number().check(z.int(), z.positive()),
  }),
]);
export type FsCopyUpload = z.infer<typeof fsCopyUploadSchema>;

/** A copy item: one file to carry from `downloadUrl` to its upload in the target. */
export const fsCopyFileSchema = z.object({
  sourcePath: z.string(),
  targetPath: z.string(),
  fileName: z.string(),
  /** The source's key inside its mount, and the target's: informative, never trusted back. */
  sourceKey: z.string(),
  targetKey: z.string(),
  targetMountId: z.string(),
  fileSize: byteSize,
  contentType: z.string(),
  /** The source object's ETag, without quotes. */
  etag: z.nullable(z.string()),
  /** A presigned GET (or a signed local URL, origin-relative), valid `downloadExpiresIn` seconds; fs/file-link gives a fresh one. */
  downloadUrl: z.string().check(z.minLength(1)),
  downloadExpiresIn: z.number().check(z.int(), z.positive()),
  upload: fsCopyUploadSchema,
});
export type FsCopyFile = z.infer<typeof fsCopyFileSchema>;

export const fsCrossStorageResultSchema = z.object({
  sourcePath: z.string(),
  targetPath: z.string(),
  isDirectory: z.boolean(),
  targetMountId: z.string(),
  files: z.array(fsCopyFileSchema),
});
export type FsCrossStorageResult = z.infer<typeof fsCrossStorageResultSchema>;

export const fsBatchCopyResultSchema = z.object({
  /** Items copied by the server. */
  success: z.number().check(z.int(), z.nonnegative()),
  skipped: z.number().check(z.int(), z.nonnegative()),
  failed: z.number().check(z.int(), z.nonnegative()),
  details: z.array(fsCopyDetailSchema),
  /** Some items cross storages: carry `crossStorageResults` across, then batch-copy-commit. */
  requiresClientSideCopy: z.boolean(),
  crossStorageResults: z.array(fsCrossStorageResultSchema),
});
export type FsBatchCopyResult = z.infer<typeof fsBatchCopyResultSchema>;

export const fsCopyCommitFileSchema = z.object({
  targetPath: fsPathSchema,
  /** Optional; when sent it must be the target's key, which the server derives from targetPath itself. */
  s3Path: z.optional(z.string().check(z.maxLength(2048))),
  contentType: z.optional(z.string().check(z.maxLength(255))),
  /** The bytes sent; the stored object must have exactly this many. */
  fileSize: byteSize,
  /** The ETag storage answered (PUT or multipart complete); checked when sent. */
  etag: z.optional(z.string().check(z.maxLength(200))),
  /** The plan's upload id: a single PUT's reservation is finished by this commit. */
  uploadId: z.optional(uploadId),
});
export type FsCopyCommitFile = z.infer<typeof fsCopyCommitFileSchema>;

export const fsBatchCopyCommitRequestSchema = z.object({
  targetMountId: z.string().check(z.minLength(1)),
  files: z.array(fsCopyCommitFileSchema).check(z.minLength(1), z.maxLength(COPY_COMMIT_MAX_FILES)),
});
export type FsBatchCopyCommitRequest = z.infer<typeof fsBatchCopyCommitRequestSchema>;

export const fsBatchCopyCommitResultSchema = z.object({
  success: z.array(z.object({ targetPath: z.string(), fileName: z.string(), entry: fsEntrySchema })),
  failed: z.array(z.object({ targetPath: z.string(), code: errorCodeSchema, error: z.string() })),
});
export type FsBatchCopyCommitResult = z.infer<typeof fsBatchCopyCommitResultSchema>;
