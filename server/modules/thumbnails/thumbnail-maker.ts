// Makes the two WebP thumbnails of an image with sharp (libvips). libvips runs on libuv's
// threads, never on the event loop; one thread per image and no operation cache keep CPU for the
// API and memory bounded (the source is at most the admin's limit, decoded at most 64 MP).
import sharp from 'sharp';
import { thumbnailPixels, type ThumbnailSize } from '@shared/api/fs-thumbnail.endpoints';

sharp.concurrency(1);
sharp.cache(false);

const maxInputPixels = 64_000_000;

export type Thumbnails = Record<ThumbnailSize, Buffer>;

/** Throws on bytes that are not a decodable image (the job is then marked failed). */
export async function makeThumbnails(source: Buffer): Promise<Thumbnails> {
  const side = thumbnailPixels.large;
  // rotate() with no angle applies the EXIF orientation (and drops the tag).
  const large = await sharp(source, { failOn: 'error', limitInputPixels: maxInputPixels })
    .rotate()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78, effort: 0 })
    .toBuffer();
  const tile = await sharp(large)
    .resize(thumbnailPixels.tile, thumbnailPixels.tile, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72, effort: 0 })
    .toBuffer();
  return { tile, large };
}
