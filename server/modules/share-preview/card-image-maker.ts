// Scales a public picture for link cards with sharp (libvips, on libuv's threads, never on the event
// loop): at most CARD_IMAGE_WIDTH wide and tall, never enlarged, as a JPEG (every unfurler reads
// JPEG; WebP is not shown by all of them), transparency over white, the EXIF orientation applied.
// Quality steps down until the card fits CARD_IMAGE_TARGET_BYTES (WhatsApp drops larger pictures).
import sharp from 'sharp';

export const CARD_IMAGE_WIDTH = 1200;
export const CARD_IMAGE_TARGET_BYTES = 300 * 1024;
const maxInputPixels = 64_000_000;
const qualities = [82, 70, 58];

export type CardPicture = { bytes: Buffer; width: number; height: number };

/** Throws on bytes that are not a decodable image. */
export async function makeCardPicture(source: Buffer): Promise<CardPicture> {
  const scaled = await sharp(source, { failOn: 'error', limitInputPixels: maxInputPixels, animated: false })
    .rotate()
    .resize(CARD_IMAGE_WIDTH, CARD_IMAGE_WIDTH, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = scaled.info;
  let bytes = Buffer.alloc(0);
  for (const quality of qualities) {
    bytes = await sharp(scaled.data, { raw: { width, height, channels } }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (bytes.byteLength <= CARD_IMAGE_TARGET_BYTES) break;
  }
  return { bytes, width, height };
}
