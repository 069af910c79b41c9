// Thumbnails the transfer worker made of a file it just uploaded as a share (the upload page and
// URL uploads) or through a file request: stored beside the object, in its storage's hidden
// prefix, like the explorer's. The server takes them only for the caller's own upload, committed
// a moment ago, and only real WebP or AVIF images within each size.
import * as z from 'zod/mini';
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import { base64Max, webpBase64 } from './fs-thumbnail.endpoints';

/** How long after its commit an upload still takes its thumbnails. */
export const SHARE_THUMBNAIL_WINDOW_MS = 10 * 60_000;

const fileId = z.string().check(z.minLength(1, 'file_id is required'), z.maxLength(64, 'file_id is too long'));

export const shareThumbnailUploadSchema = z.object({
  file_id: fileId,
  tile: webpBase64('tile'),
  large: webpBase64('large'),
});
export type ShareThumbnailUpload = z.infer<typeof shareThumbnailUploadSchema>;

export const requestThumbnailUploadSchema = z.object({
  token: z.string().check(z.minLength(1, 'token is required'), z.maxLength(200, 'token is too long')),
  file_id: fileId,
  tile: webpBase64('tile'),
  large: webpBase64('large'),
});
export type RequestThumbnailUpload = z.infer<typeof requestThumbnailUploadSchema>;

export const shareThumbnailResultSchema = z.object({ file_id: z.string(), status: z.literal('done') });
export type ShareThumbnailResult = z.infer<typeof shareThumbnailResultSchema>;

const errors = [
  ErrorCode.ValidationFailed,
  ErrorCode.BadRequest,
  ErrorCode.NotFound,
  ErrorCode.BadGateway,
  ErrorCode.Unavailable,
] as const;
const maxBodyBytes = 2 * base64Max + 8 * 1024;

export const uploadThumbnail = defineEndpoint({
  id: 'uploads.thumbnail',
  method: 'POST',
  path: '/s3/thumbnail',
  summary:
    'Store the thumbnails the browser made of a share it uploaded and committed a moment ago (upload page, URL upload): both sizes, WebP or AVIF, base64, within 256 and 1024 px; 404 for another caller’s or an older upload',
  tag: 'uploads',
  access: 'file',
  writes: true,
  body: shareThumbnailUploadSchema,
  reply: shareThumbnailResultSchema,
  message: 'thumbnails stored',
  maxBodyBytes,
  errors,
});

export const requestUploadThumbnail = defineEndpoint({
  id: 'fileRequests.public.thumbnail',
  method: 'POST',
  path: '/public/file-requests/:slug/thumbnail',
  summary:
    'Store the thumbnails the uploader’s browser made of a file it committed a moment ago through this request, with the same upload token; 404 for another token’s or an older upload',
  tag: 'file-requests',
  access: 'public',
  writes: true,
  params: z.object({ slug: z.string().check(z.minLength(1), z.maxLength(100)) }),
  body: requestThumbnailUploadSchema,
  reply: shareThumbnailResultSchema,
  message: 'thumbnails stored',
  maxBodyBytes,
  errors: [...errors, ErrorCode.Gone, ErrorCode.PasswordRequired],
});
