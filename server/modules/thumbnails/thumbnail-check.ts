// What the server accepts as a thumbnail the browser made: a real WebP or AVIF image (as libvips
// reads it, not as its name or a header says) whose longest side is within the size asked for.
import { ErrorCode } from '@shared/errors';
import sharp from 'sharp';
import { thumbnailPixels, type ThumbnailSize } from '@shared/api/fs-thumbnail.endpoints';
import { AppError } from '@server/lib/app-error';

export type CheckedThumbnail = { bytes: Buffer; contentType: 'image/webp' | 'image/avif' };

export async function checkedThumbnail(bytes: Buffer, size: ThumbnailSize): Promise<CheckedThumbnail> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  const side = thumbnailPixels[size];
  const contentType =
    meta?.format === 'webp'
      ? 'image/webp'
      : meta?.format === 'heif' && meta.compression === 'av1'
        ? 'image/avif'
        : null;
  if (
    meta === null ||
    contentType === null ||
    meta.width === undefined ||
    meta.height === undefined ||
    Math.max(meta.width, meta.height) > side
  )
    throw new AppError(ErrorCode.BadRequest, `${size}: not a WebP or AVIF image of at most ${side} px`);
  return { bytes, contentType };
}
