// Move in the mount explorer: /admin/fs/move and /user/fs/move (with move-commit for moves across
// storages), the same rules as the other fs calls (a key's base path, 403 on writes when read-only).
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import { COPY_COMMIT_MAX_FILES } from './fs-copy.schema';
import {
  fsMoveCommitRequestSchema,
  fsMoveCommitResultSchema,
  fsMoveRequestSchema,
  fsMoveResultSchema,
} from './fs-move.schema';
import { FS_BATCH_MAX_PATHS, FS_PATH_MAX_LENGTH } from './fs.schema';

const tag = 'file system';
const { ValidationFailed, BadRequest, NotFound, Conflict, PayloadTooLarge, QuotaExceeded, BadGateway, Unavailable } =
  ErrorCode;

function fsMoveEndpoints<const S extends 'admin' | 'user', const A extends 'admin' | 'mount'>(scope: S, access: A) {
  const base = `/${scope}/fs` as const;
  const id = <const N extends string>(name: N) => `fs.${scope}.${name}` as const;
  return {
    move: defineEndpoint({
      id: id('move'),
      method: 'POST',
      path: `${base}/move`,
      summary: `Move up to ${FS_BATCH_MAX_PATHS} files or folders (every level). Every path is checked first (403 outside the base path, 400 for a folder into itself or a mount's root, 409 when a file is where a folder would go or the target's folder is missing). Inside one storage the server moves each item (the local driver renames; S3 copies then deletes, in batches): a move cut short leaves each file at its source or its target, and the same call again finishes it. A target folder that exists is merged; a target file that holds other bytes is skipped with skipExisting (default true: the source stays) or replaced. Across storages it answers requiresClientSideCopy with batch-copy's plan; carry the files across, then move-commit`,
      tag,
      access,
      writes: true,
      body: fsMoveRequestSchema,
      reply: fsMoveResultSchema,
      message: 'move finished',
      errors: [
        ValidationFailed,
        BadRequest,
        NotFound,
        Conflict,
        PayloadTooLarge,
        QuotaExceeded,
        BadGateway,
        Unavailable,
      ],
      maxBodyBytes: FS_BATCH_MAX_PATHS * (FS_PATH_MAX_LENGTH + 32) * 2 * 2,
    }),
    moveCommit: defineEndpoint({
      id: id('moveCommit'),
      method: 'POST',
      path: `${base}/move-commit`,
      summary: `Finish up to ${COPY_COMMIT_MAX_FILES} files of a move across storages: each target is checked and recorded as batch-copy-commit does, and its source is deleted only when it still has the target's size; then each source folder named is deleted when no file is left below it. Answered per file`,
      tag,
      access,
      writes: true,
      body: fsMoveCommitRequestSchema,
      reply: fsMoveCommitResultSchema,
      message: 'move committed',
      errors: [ValidationFailed, BadRequest, NotFound, BadGateway, Unavailable],
      maxBodyBytes: COPY_COMMIT_MAX_FILES * (FS_PATH_MAX_LENGTH * 3 + 640) * 2,
    }),
  };
}

export const adminFsMoveEndpoints = fsMoveEndpoints('admin', 'admin');
export const userFsMoveEndpoints = fsMoveEndpoints('user', 'mount');
export type FsMoveEndpoints = typeof adminFsMoveEndpoints | typeof userFsMoveEndpoints;

export function fsMoveEndpointsOf(scope: 'admin' | 'user'): FsMoveEndpoints {
  return scope === 'admin' ? adminFsMoveEndpoints : userFsMoveEndpoints;
}
