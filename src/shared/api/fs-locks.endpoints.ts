// The admin's way out of a WebDAV lock a client left behind: the JSON API refuses every change a
// live lock covers (423), and only the lock's holder can UNLOCK it over /dav with its token.
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import { fsPathSchema } from './fs.schema';

export const fsUnlockRequestSchema = z.object({ path: fsPathSchema });
export type FsUnlockRequest = z.infer<typeof fsUnlockRequestSchema>;

export const fsUnlockResultSchema = z.object({
  /** The canonical path the locks were removed at. */
  path: z.string(),
  /** Live locks removed, on the path and below it. */
  removed: z.number().check(z.int(), z.nonnegative()),
});
export type FsUnlockResult = z.infer<typeof fsUnlockResultSchema>;

export const removeWebdavLocks = defineEndpoint({
  id: 'fs.admin.unlock',
  method: 'POST',
  path: '/admin/fs/unlock',
  summary: 'Remove the WebDAV locks on a path and below it, such as one a client left behind',
  tag: 'file system',
  access: 'admin',
  writes: true,
  body: fsUnlockRequestSchema,
  reply: fsUnlockResultSchema,
  message: 'locks removed',
  errors: [ErrorCode.ValidationFailed],
});
