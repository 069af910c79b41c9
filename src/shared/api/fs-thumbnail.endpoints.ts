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
  /** `server`: the bytes through the server even where storage could answer (a bucket without CORS). */
  via: z.optional(z.enum(['server'], 'via must be server')),
  /**
   * The file's ETag as the caller's listing gave it: a thumbnail recorded as made from that very
   * version is answered without asking storage for the file's current one.
   */
  etag: z.optional(
    z.string().check(z.minLength(1, 'etag is empty'), z.maxLength(200, 'etag is at most 200 characters')),
  ),
});
export type FsThumbnailQuery = z.infer<typeof fsThumbnailQuerySchema>;

export const thumbnailPendingSchema = z.object({ status: z.enum(['queued', 'working']) });
export type ThumbnailPending = z.infer<typeof thumbnailPendingSchema>;

/** The most a thumbnail sent from the browser may weigh (each size), decoded. */
export const THUMBNAIL_UPLOAD_MAX_BYTES = 512 * 1024;
export const base64Max = Math.ceil(THUMBNAIL_UPLOAD_MAX_BYTES / 3) * 4;
/** One thumbnail sent from the browser: base64 of a WebP or AVIF image. */
export const webpBase64 = (name: string) =>
  z
    .string()
    .check(
      z.minLength(1, `${name} is required`),
      z.maxLength(base64Max, `${name} is at most ${THUMBNAIL_UPLOAD_MAX_BYTES} bytes`),
      z.regex(/^[A-Za-z0-9+/]+={0,2}$/, `${name} must be base64`),
    );

/** Thumbnails the browser made of a file it just uploaded: both sizes, WebP, base64. */
export const fsThumbnailUploadSchema = z.object({
  path: fsPathSchema,
  tile: webpBase64('tile'),
  large: webpBase64('large'),
});
export type FsThumbnailUpload = z.infer<typeof fsThumbnailUploadSchema>;

export const fsThumbnailUploadResultSchema = z.object({ path: z.string(), status: z.literal('done') });
export type FsThumbnailUploadResult = z.infer<typeof fsThumbnailUploadResultSchema>;

function thumbnailEndpoint<const S extends 'admin' | 'user', const A extends 'admin' | 'mount'>(scope: S, access: A) {
  return defineEndpoint({
    id: `fs.${scope}.thumbnail`,
    method: 'GET',
    path: `/${scope}/fs/thumbnail`,
    summary:
      'The thumbnail of an image or video file (WebP or AVIF; size tile is at most 256 px, large at most 1024 px, EXIF orientation applied). On S3 storages a 302 to a signed link of it in storage (via=server streams it instead). With etag (as the listing gave it), a thumbnail made from that version is answered without asking storage for the current version of the file. 202 with {status} while it is being made (ask again after Retry-After), 404 when the file has none and will get none',
    tag: 'file system',
    access,
    query: fsThumbnailQuerySchema,
    reply: { kind: 'raw', contentType: 'image/webp', description: 'the thumbnail' },
    errors: [ErrorCode.ValidationFailed, ErrorCode.NotFound, ErrorCode.BadGateway, ErrorCode.Unavailable],
  });
}

function thumbnailUploadEndpoint<const S extends 'admin' | 'user', const A extends 'admin' | 'mount'>(
  scope: S,
  access: A,
) {
  return defineEndpoint({
    id: `fs.${scope}.thumbnailUpload`,
    method: 'POST',
    path: `/${scope}/fs/thumbnail`,
    summary:
      'Store the thumbnails the browser made of a file it uploaded (both sizes, WebP, base64, within 256 and 1024 px), so the server does not make them; 400 for anything else',
    tag: 'file system',
    access,
    writes: true,
    body: fsThumbnailUploadSchema,
    reply: fsThumbnailUploadResultSchema,
    message: 'thumbnails stored',
    maxBodyBytes: 2 * base64Max + 8 * 1024,
    errors: [
      ErrorCode.ValidationFailed,
      ErrorCode.BadRequest,
      ErrorCode.NotFound,
      ErrorCode.BadGateway,
      ErrorCode.Unavailable,
    ],
  });
}

export const adminThumbnail = thumbnailEndpoint('admin', 'admin');
export const userThumbnail = thumbnailEndpoint('user', 'mount');
export const adminThumbnailUpload = thumbnailUploadEndpoint('admin', 'admin');
export const userThumbnailUpload = thumbnailUploadEndpoint('user', 'mount');

/** The thumbnail calls of a scope, for the browser's clients. */
export function thumbnailEndpointsOf(scope: 'admin' | 'user') {
  return scope === 'admin'
    ? { get: adminThumbnail, upload: adminThumbnailUpload }
    : { get: userThumbnail, upload: userThumbnailUpload };
}
