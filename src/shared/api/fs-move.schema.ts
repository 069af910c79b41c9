// Wire contract of moves in the mount explorer (move, move-commit). The request is batch-copy's.
// Inside one storage the server moves each item itself (the local driver renames; S3 copies then
// deletes, in batches) and answers per item; a move cut short leaves every file at its source or at
// its target, and the same request run again finishes it. Across storages it answers batch-copy's
// plan: the client carries every file across, then move-commit checks each target and only then
// deletes its source.
import * as z from 'zod/mini';
import { errorCodeSchema } from '@shared/errors';
import { COPY_COMMIT_MAX_FILES, fsCopyCommitFileSchema, fsCrossStorageResultSchema } from './fs-copy.schema';
import { FS_BATCH_MAX_PATHS, fsPathSchema } from './fs.schema';

export { fsBatchCopyRequestSchema as fsMoveRequestSchema } from './fs-copy.schema';
export type { FsBatchCopyRequest as FsMoveRequest } from './fs-copy.schema';

const count = z.number().check(z.int(), z.nonnegative());

/**
 * One item's outcome. `moved`: done by the server; `planned`: across storages, listed in
 * crossStorageResults for the client; `skipped`: every file stayed at its source because a
 * different file is at its target (skipExisting); `failed`: `code` and `error` say why; the files
 * moved before the failure are at their target, the others at their source.
 */
export const fsMoveDetailSchema = z.object({
  sourcePath: z.string(),
  targetPath: z.string(),
  status: z.enum(['moved', 'planned', 'skipped', 'failed']),
  isDirectory: z.boolean(),
  /** Files moved by the server (or planned for the client). */
  files: count,
  /** Files left at their source because the target held a different file. */
  skippedFiles: count,
  code: z.optional(errorCodeSchema),
  error: z.optional(z.string()),
});
export type FsMoveDetail = z.infer<typeof fsMoveDetailSchema>;

export const fsMoveResultSchema = z.object({
  success: count,
  skipped: count,
  failed: count,
  details: z.array(fsMoveDetailSchema),
  /** Some items cross storages: carry `crossStorageResults` across, then move-commit. */
  requiresClientSideCopy: z.boolean(),
  crossStorageResults: z.array(fsCrossStorageResultSchema),
});
export type FsMoveResult = z.infer<typeof fsMoveResultSchema>;

export const fsMoveCommitFileSchema = z.extend(fsCopyCommitFileSchema, {
  /** The file the copy came from: deleted once the target is checked (same size as the source). */
  sourcePath: fsPathSchema,
});
export type FsMoveCommitFile = z.infer<typeof fsMoveCommitFileSchema>;

export const fsMoveCommitRequestSchema = z.object({
  targetMountId: z.string().check(z.minLength(1)),
  /** May be empty in a last call that only deletes the source folders. */
  files: z.array(fsMoveCommitFileSchema).check(z.maxLength(COPY_COMMIT_MAX_FILES)),
  /** Source folders moved: each is deleted once no file is left below it (else kept, untouched). */
  sourceFolders: z._default(z.array(fsPathSchema).check(z.maxLength(FS_BATCH_MAX_PATHS)), []),
});
export type FsMoveCommitRequest = z.input<typeof fsMoveCommitRequestSchema>;

export const fsMoveCommitResultSchema = z.object({
  /** Files whose target was recorded and whose source is deleted. */
  success: z.array(z.object({ sourcePath: z.string(), targetPath: z.string() })),
  /** Files left at their source (the target may hold a copy that was not recorded). */
  failed: z.array(
    z.object({ sourcePath: z.string(), targetPath: z.string(), code: errorCodeSchema, error: z.string() }),
  ),
  /** Source folders deleted; the others still hold files. */
  removedFolders: z.array(z.string()),
});
export type FsMoveCommitResult = z.infer<typeof fsMoveCommitResultSchema>;
