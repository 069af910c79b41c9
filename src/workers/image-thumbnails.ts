// The browser's thumbnails of an image it is uploading, made from the same File the upload sends:
// decoded upright (EXIF orientation applied), drawn into an OffscreenCanvas at most 1024 px and
// encoded as WebP, then the tile (256 px) drawn from that. A JPEG is decoded at a reduced scale
// where the browser can (WebCodecs ImageDecoder: Chromium's JPEG decoder scales by n/8 to fit the
// pixels asked for, about half the time of a whole decode of 12 megapixels), never below 1024 px
// on its longer side; anything else whole with createImageBitmap. Any failure (a corrupt or
// unsupported image, no WebP encoder, a file too large to decode) gives null: the upload goes on
// without, and the server's queue makes them if it can.
import { THUMBNAIL_UPLOAD_MAX_BYTES, thumbnailPixels, type ThumbnailSize } from '@shared/api/fs-thumbnail.endpoints';
import { isThumbnailableName } from '@shared/thumbnail-types';

export type ThumbnailBlobs = Record<ThumbnailSize, Blob>;

/** Something with pixels: a decoded bitmap or a canvas drawn from one. */
export type Raster = { readonly width: number; readonly height: number };

export type ImageTools<R extends Raster> = {
  /**
   * Decodes the file upright (EXIF orientation applied), smaller where the decoder can, but with
   * at least `atLeast` px on its longer side when the image has them.
   */
  decode(file: Blob, atLeast: number): Promise<R & { close(): void }>;
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
  return drawThumbnails(() => tools.decode(file, thumbnailPixels.large), tools);
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

/** A frame WebCodecs decoded, drawn as it is shown (its rotation applied by drawImage). */
type FrameRaster = { readonly width: number; readonly height: number; readonly frame: VideoFrame };
export type BrowserRaster = ImageBitmap | OffscreenCanvas | FrameRaster;

/** The real thing, where the browser has it (a worker or a page); undefined elsewhere. */
export function browserImageTools(): ImageTools<BrowserRaster> | undefined {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return undefined;
  return {
    async decode(file, atLeast) {
      const scaled = await decodeJpegAtScale(file, atLeast).catch(() => null);
      return scaled ?? createImageBitmap(file, { imageOrientation: 'from-image' });
    },
    async draw(source, width, height, quality) {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (context === null) throw new Error('no 2D context');
      context.imageSmoothingQuality = 'high';
      context.drawImage('frame' in source ? source.frame : source, 0, 0, width, height);
      return { blob: await canvas.convertToBlob({ type: 'image/webp', quality }), raster: canvas };
    },
  };
}

/** The pixel size in a JPEG's frame header (SOFn), or null when its first 256 KiB hold none. */
export async function jpegSize(file: Blob): Promise<{ width: number; height: number } | null> {
  const bytes = new Uint8Array(await file.slice(0, 256 * 1024).arrayBuffer());
  const byte = (at: number) => bytes[at] ?? 0;
  const word = (at: number) => (byte(at) << 8) | byte(at + 1);
  if (byte(0) !== 0xff || byte(1) !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (byte(at) !== 0xff) return null;
    const marker = byte(at + 1);
    if (marker === 0xff) at += 1;
    else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) at += 2;
    else if (marker === 0xd9 || marker === 0xda) return null;
    else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const size = { width: word(at + 7), height: word(at + 5) };
      return size.width > 0 && size.height > 0 ? size : null;
    } else at += 2 + word(at + 2);
  }
  return null;
}

/** JPEG decoders scale by n/8: the smallest n that keeps `atLeast` px on the longer side (8: whole). */
export function jpegScale(size: { width: number; height: number }, atLeast: number): number {
  return Math.min(8, Math.max(1, Math.ceil((8 * atLeast) / Math.max(size.width, size.height))));
}

/**
 * A JPEG decoded at n/8 of its size by WebCodecs, where the browser has it (a secure context).
 * Chromium takes desiredWidth × desiredHeight as a budget of pixels and picks the largest n/8 that
 * fits it; asking for (n + ½)/8 of each side gives exactly n. Null where it cannot (then whole).
 */
async function decodeJpegAtScale(file: Blob, atLeast: number): Promise<(FrameRaster & { close(): void }) | null> {
  if (typeof ImageDecoder !== 'function') return null;
  const size = await jpegSize(file);
  if (size === null) return null;
  const n = jpegScale(size, atLeast);
  if (n >= 8 || !(await ImageDecoder.isTypeSupported('image/jpeg'))) return null;
  const decoder = new ImageDecoder({
    data: file.stream(),
    type: 'image/jpeg',
    desiredWidth: Math.ceil((size.width * (n + 0.5)) / 8),
    desiredHeight: Math.ceil((size.height * (n + 0.5)) / 8),
  });
  try {
    const { image } = await decoder.decode();
    return {
      width: image.displayWidth,
      height: image.displayHeight,
      frame: image,
      close() {
        image.close();
        decoder.close();
      },
    };
  } catch (error) {
    decoder.close();
    throw error;
  }
}

/** Base64 of a blob's bytes, a chunk at a time (no argument list as long as the file). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
