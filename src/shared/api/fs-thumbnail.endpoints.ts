// Thumbnails of the explorer's images, under /admin/fs and /user/fs like every explorer call:
// the image itself (WebP, never active content), 202 while the server's queue has it, 404 when the
// file has none and will get none (not an image, too large, undecodable).
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import { fsPathSchema } from './fs.schema';

export const thumbnailSizes = ['tile', 'large'] as const;
export type ThumbnailSize = (typeof thumbnailSizes)[number];
/** The longest side of each size, in pixels. */
export const thumbnailPixels: Record<ThumbnailSize, number> = { tile: 256, large: 1024 };

export const fsThumbnailQuerySchema = z.object({
  path: fsPathSchema,
  size: z._default(z.enum(thumbnailSizes, 'size must be tile or large'), 'tile'),
});
export type FsThumbnailQuery = z.infer<typeof fsThumbnailQuerySchema>;

export const thumbnailPendingSchema = z.object({ status: z.enum(['queued', 'working']) });
export type ThumbnailPending = z.infer<typeof thumbnailPendingSchema>;

function thumbnailEndpoint<const S extends 'admin' | 'user', const A extends 'admin' | 'mount'>(scope: S, access: A) {
  return defineEndpoint({
    id: `fs.${scope}.thumbnail`,
    method: 'GET',
    path: `/${scope}/fs/thumbnail`,
    summary:
      'The thumbnail of an image file (WebP; size tile is at most 256 px, large at most 1024 px, EXIF orientation applied). 202 with {status} while it is being made (ask again after Retry-After), 404 when the file has none and will get none',
    tag: 'file system',
    access,
    query: fsThumbnailQuerySchema,
    reply: { kind: 'raw', contentType: 'image/webp', description: 'the thumbnail' },
    errors: [ErrorCode.ValidationFailed, ErrorCode.NotFound, ErrorCode.BadGateway, ErrorCode.Unavailable],
  });
}

export const adminThumbnail = thumbnailEndpoint('admin', 'admin');
export const userThumbnail = thumbnailEndpoint('user', 'mount');
