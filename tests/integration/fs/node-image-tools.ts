// The worker's thumbnail step (makeImageThumbnails) run in Node: image tools built on sharp in
// place of the browser's createImageBitmap and OffscreenCanvas, for tests against the real server.
import sharp from 'sharp';
import { makeImageThumbnails, type ImageTools, type ThumbnailBlobs } from '@workers/image-thumbnails';

/** A decoded image as sharp holds it: upright pixels. */
type NodeRaster = { width: number; height: number; pixels: Buffer };

export const nodeTools: ImageTools<NodeRaster> = {
  async decode(file) {
    const { data, info } = await sharp(Buffer.from(await file.arrayBuffer()))
      .rotate()
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, pixels: data, close: () => undefined };
  },
  async draw(source, width, height, quality) {
    const raw = { width: source.width, height: source.height, channels: 3 as const };
    const resized = await sharp(source.pixels, { raw }).resize(width, height, { fit: 'fill' }).raw().toBuffer();
    const webp = await sharp(resized, { raw: { width, height, channels: 3 } })
      .webp({ quality: Math.round(quality * 100) })
      .toBuffer();
    return {
      blob: new Blob([new Uint8Array(webp)], { type: 'image/webp' }),
      raster: { width, height, pixels: resized },
    };
  },
};

export function nodeThumbnails(file: Blob, name: string): Promise<ThumbnailBlobs | null> {
  return makeImageThumbnails(file, name, nodeTools);
}
