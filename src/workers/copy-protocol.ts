// What crosses the worker boundary for a copy across storages (the client-side copy): the plan
// batch-copy answered, per-file progress, and a result that says which files arrived and which
// failed and why (each in the worker's one failure shape); a cancel gives a cancelled result.
import * as z from 'zod/mini';
import { fsCrossStorageResultSchema } from '@shared/api/fs-copy.schema';
import { transferFailureSchema } from './protocol';

export const copyJobSchema = z.object({
  /** Chosen by the caller; `cancel(id)` refers to it. */
  id: z.string().check(z.minLength(1)),
  /** `/admin/fs` for the admin, `/user/fs` for a key with mount permission. */
  scope: z.enum(['admin', 'user']),
  /** `crossStorageResults` of batch-copy, as it came. */
  plan: z.array(fsCrossStorageResultSchema).check(z.minLength(1)),
  /**
   * A move (the answer of fs/move): each file is recorded with move-commit, which deletes its
   * source once the target is checked; then the source folders are deleted where nothing is left.
   */
  move: z.optional(z.object({ sourceFolders: z.array(z.string()) })),
});
export type CopyJob = z.infer<typeof copyJobSchema>;

export const copyProgressSchema = z.object({
  /** The file moving now (the last one reported when several move at once). */
  sourcePath: z.string(),
  targetPath: z.string(),
  fileLoaded: z.number().check(z.nonnegative()),
  fileTotal: z.number().check(z.nonnegative()),
  filesDone: z.number().check(z.int(), z.nonnegative()),
  filesFailed: z.number().check(z.int(), z.nonnegative()),
  filesTotal: z.number().check(z.int(), z.nonnegative()),
  /** Bytes uploaded across every file. */
  loaded: z.number().check(z.nonnegative()),
  total: z.number().check(z.nonnegative()),
  bytesPerSecond: z.number().check(z.nonnegative()),
});
export type CopyProgress = z.infer<typeof copyProgressSchema>;
export type CopyProgressCallback = (progress: CopyProgress) => void;

export const copiedFileSchema = z.object({ sourcePath: z.string(), targetPath: z.string() });
/** A file that did not arrive: the transfer's failure (`network`, `part-failed`, `url-size-mismatch`, `commit-failed`, …) and its paths. */
export const failedCopySchema = z.extend(transferFailureSchema, copiedFileSchema.shape);
export type FailedCopy = z.infer<typeof failedCopySchema>;

/** A task's end: every file copied, some, none, or stopped by the user; or the job refused as a whole. */
export const copyResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    status: z.enum(['completed', 'partial', 'failed', 'cancelled']),
    copied: z.array(copiedFileSchema),
    failed: z.array(failedCopySchema),
  }),
  transferFailureSchema,
]);
export type CopyResult = z.infer<typeof copyResultSchema>;

export type CopyWorkerApi = {
  copyAcrossStorages(job: CopyJob, onProgress?: CopyProgressCallback): Promise<CopyResult>;
};
