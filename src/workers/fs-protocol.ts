// What crosses the worker boundary for an upload into a mount folder (the explorer's file
// system): the job names the folder and the caller's scope; the result is the new file's entry.
import * as z from 'zod/mini';
import { fsEntrySchema, fsNameSchema, fsPathSchema } from '@shared/api/fs.schema';
import { posterSchema, transferFailureSchema, type ProgressCallback } from './protocol';

export const fsUploadJobSchema = z.object({
  /** Chosen by the caller; `cancel(id)` refers to it. */
  id: z.string().check(z.minLength(1)),
  /** `/admin/fs` for the admin, `/user/fs` for a key with mount permission. */
  scope: z.enum(['admin', 'user']),
  file: z.custom<Blob>((value) => value instanceof Blob, 'file must be a Blob'),
  /** The destination folder, written as the server writes paths (a literal `%` as `%25`). */
  folder: fsPathSchema,
  fileName: fsNameSchema,
  /** Defaults to the browser-reported type, text/markdown for Markdown names, else octet-stream. */
  contentType: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
  /** A video's thumbnails, made in the page before the job goes to the worker. */
  poster: z.optional(posterSchema),
});
export type FsUploadJob = z.infer<typeof fsUploadJobSchema>;

export const fsUploadSuccessSchema = z.object({ ok: z.literal(true), entry: fsEntrySchema });
export const fsUploadResultSchema = z.discriminatedUnion('ok', [fsUploadSuccessSchema, transferFailureSchema]);
export type FsUploadResult = z.infer<typeof fsUploadResultSchema>;

/** The worker method an fs upload goes through, beside the share uploads'. */
export type FsTransferWorkerApi = {
  uploadToMount(job: FsUploadJob, onProgress?: ProgressCallback): Promise<FsUploadResult>;
};
