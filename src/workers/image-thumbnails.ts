// The browser's thumbnails of an image it is uploading, made from the same File the upload sends:
// decoded once with createImageBitmap (EXIF orientation applied: imageOrientation 'from-image'),
// drawn into an OffscreenCanvas at most 1024 px and encoded as WebP, then the tile (256 px) drawn
// from that. Any failure (a corrupt or unsupported image, no WebP encoder, a file too large to
// decode) gives null: the upload goes on without, and the server's queue makes them if it can.
import { THUMBNAIL_UPLOAD_MAX_BYTES, thumbnailPixels, type ThumbnailSize } from '@shared/api/fs-thumbnail.endpoints';
import { isThumbnailableName } from '@shared/thumbnail-types';

export type ThumbnailBlobs = Record<ThumbnailSize, Blob>;

/** Something with pixels: a decoded bitmap or a canvas drawn from one. */
export type Raster = { readonly width: number; readonly height: number };

export type ImageTools<R extends Raster> = {
  /** Decodes the file upright (EXIF orientation applied). */
  decode(file: Blob): Promise<R & { close(): void }>;
  /** Draws `source` at width × height and encodes it as WebP. */
  draw(source: R, width: number, height: number, quality: number): Promise<{ blob: Blob; raster: R }>;
};

/** Files above this are not decoded in the browser (a 100 MB image may decode to gigabytes). */
export const BROWSER_THUMBNAIL_MAX_SOURCE_BYTES = 64 * 1024 * 1024;

/** The size of `width × height` scaled to fit inside `max × max`, never enlarged. */
export function fitInside(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function makeImageThumbnails<R extends Raster>(
  file: Blob,
  name: string,
  tools: ImageTools<R>,
): Promise<ThumbnailBlobs | null> {
  if (!isThumbnailableName(name) || file.size === 0 || file.size > BROWSER_THUMBNAIL_MAX_SOURCE_BYTES) return null;
  return drawThumbnails(() => tools.decode(file), tools);
}

/** Both sizes drawn from what `decode` gives (an image, a video's frame); null on any failure. */
export async function drawThumbnails<R extends Raster>(
  decode: () => Promise<R & { close(): void }>,
  tools: Pick<ImageTools<R>, 'draw'>,
): Promise<ThumbnailBlobs | null> {
  try {
    const bitmap = await decode();
    try {
      if (bitmap.width < 1 || bitmap.height < 1) return null;
      const largeSize = fitInside(bitmap.width, bitmap.height, thumbnailPixels.large);
      const large = await tools.draw(bitmap, largeSize.width, largeSize.height, 0.78);
      const tileSize = fitInside(bitmap.width, bitmap.height, thumbnailPixels.tile);
      const tile = await tools.draw(large.raster, tileSize.width, tileSize.height, 0.72);
      const fits = (blob: Blob) =>
        blob.type === 'image/webp' && blob.size > 0 && blob.size <= THUMBNAIL_UPLOAD_MAX_BYTES;
      return fits(large.blob) && fits(tile.blob) ? { tile: tile.blob, large: large.blob } : null;
    } finally {
      bitmap.close();
    }
  } catch {
    return null;
  }
}

/** The real thing, where the browser has it (a worker or a page); undefined elsewhere. */
export function browserImageTools(): ImageTools<ImageBitmap | OffscreenCanvas> | undefined {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return undefined;
  return {
    decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
    async draw(source, width, height, quality) {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (context === null) throw new Error('no 2D context');
      context.imageSmoothingQuality = 'high';
      context.drawImage(source, 0, 0, width, height);
      return { blob: await canvas.convertToBlob({ type: 'image/webp', quality }), raster: canvas };
    },
  };
}

/** Base64 of a blob's bytes, a chunk at a time (no argument list as long as the file). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
