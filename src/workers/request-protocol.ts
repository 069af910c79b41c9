// What crosses the worker boundary for an upload through a file request: the job names the
// request (its slug and the upload token its page was given) and the file; the result, as soon as
// the server has committed the file, is a line of the uploader's receipt without its SHA-256. The
// worker computes that beside the upload and tells the page through a separate report from the
// commit on: how far it is (when the upload finished first), then the hash or its failure.
import * as z from 'zod/mini';
import { FILE_REQUEST_UPLOADER_NAME_MAX } from '@shared/api/file-request.schema';
import { posterSchema, transferFailureSchema, type ProgressCallback, type StartedCallback } from './protocol';

export const requestUploadJobSchema = z.object({
  /** Chosen by the caller; `cancel(id)` refers to it. */
  id: z.string().check(z.minLength(1)),
  slug: z.string().check(z.minLength(1)),
  token: z.string().check(z.minLength(1)),
  uploaderName: z.optional(z.string().check(z.maxLength(FILE_REQUEST_UPLOADER_NAME_MAX))),
  file: z.custom<Blob>((value) => value instanceof Blob, 'file must be a Blob'),
  filename: z.string().check(z.minLength(1)),
  /** A multipart upload of this file that a reload interrupted: only the parts storage lacks are sent. */
  resume: z.optional(
    z.object({ fileId: z.string().check(z.minLength(1)), uploadId: z.string().check(z.minLength(1)) }),
  ),
  /** A video's thumbnails, made in the page before the job goes to the worker. */
  poster: z.optional(posterSchema),
});
export type RequestUploadJob = z.infer<typeof requestUploadJobSchema>;

export const requestReceiptSchema = z.object({
  fileId: z.string(),
  filename: z.string(),
  size: z.number(),
  mimetype: z.string(),
  committedAt: z.string(),
  /** Hex SHA-256 of the bytes sent; absent until the worker's hash report has filled it in. */
  sha256: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
});
export type RequestReceipt = z.infer<typeof requestReceiptSchema>;

/** Where the receipt's SHA-256 of a committed file stands; `fileId` is the receipt line's. */
export const requestHashReportSchema = z.discriminatedUnion('state', [
  /** The file arrived before its hash was done: how much of it is hashed. */
  z.object({ state: z.literal('hashing'), fileId: z.string(), percent: z.number().check(z.gte(0), z.lte(100)) }),
  z.object({ state: z.literal('hashed'), fileId: z.string(), sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)) }),
  z.object({ state: z.literal('failed'), fileId: z.string(), message: z.string() }),
]);
export type RequestHashReport = z.infer<typeof requestHashReportSchema>;
export type HashedCallback = (report: RequestHashReport) => void;

export const requestUploadResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), receipt: requestReceiptSchema }),
  transferFailureSchema,
]);
export type RequestUploadResult = z.infer<typeof requestUploadResultSchema>;

export type RequestTransferWorkerApi = {
  uploadToRequest(
    job: RequestUploadJob,
    onProgress?: ProgressCallback,
    onStarted?: StartedCallback,
    onHashed?: HashedCallback,
  ): Promise<RequestUploadResult>;
};
