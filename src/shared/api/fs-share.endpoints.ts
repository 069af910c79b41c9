// "Share…" in the explorer, under /admin/fs (the admin) and /user/fs (the admin, or a key holding
// both the mount and the file permission, inside its base path, never read-only). The share points
// at the file where it is: its page and download read the mount's object, and removing the share
// leaves the file in place.
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import { fsShareRequestSchema, fsShareResultSchema } from './fs-share.schema';

function fsShareEndpoint<const S extends 'admin' | 'user', const A extends 'admin' | 'mount'>(scope: S, access: A) {
  return defineEndpoint({
    id: `fs.${scope}.share`,
    method: 'POST',
    path: `/${scope}/fs/share`,
    summary:
      'Share a file of a mount as a file share (password, expiry in hours, view limit, remark, custom link suffix) without copying it; answers like an upload commit. API keys also need the file permission',
    tag: 'file system',
    access,
    writes: true,
    body: fsShareRequestSchema,
    reply: fsShareResultSchema,
    status: 201,
    message: 'file shared',
    errors: [
      ErrorCode.ValidationFailed,
      ErrorCode.BadRequest,
      ErrorCode.NotFound,
      ErrorCode.SlugTaken,
      ErrorCode.BadGateway,
      ErrorCode.Unavailable,
    ],
  });
}

export const adminFsShare = fsShareEndpoint('admin', 'admin');
export const userFsShare = fsShareEndpoint('user', 'mount');
