// The gallery benchmark's photo folder on radosgw: a few distinct 12-megapixel JPEGs made with
// sharp (grain over colour, as a phone camera writes them, 3–8 MB), each put once, then copied
// server-side (S3 CopyObject) to fill the folder; their thumbnails made once per distinct photo by
// the server's own thumbnail code and stored for every copy through the thumbnail-upload call, as
// the transfer worker stores the ones it made at upload (so each tile has its thumbnail and its
// row, without the background job's minutes per thousand photos).
import { CopyObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { makeThumbnails } from '@server/modules/thumbnails/thumbnail-maker';

export type Photo = { bytes: Buffer; tile: Buffer; large: Buffer };

/**
 * Detail at the scale a tile shows (so tiles weigh what a real photo's do, or more) and grain at
 * the sensor's scale (which sets the JPEG's size): sizes from about 3 to 8 MB.
 */
const looks = [
  { detail: 34, grain: 10, quality: 88 },
  { detail: 38, grain: 14, quality: 89 },
  { detail: 42, grain: 18, quality: 90 },
  { detail: 46, grain: 22, quality: 91 },
  { detail: 50, grain: 26, quality: 92 },
  { detail: 54, grain: 30, quality: 92 },
  { detail: 58, grain: 34, quality: 93 },
  { detail: 62, grain: 38, quality: 93 },
];

const noise = (width: number, height: number, sigma: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
  });

/** A 4000×3000 photo-like JPEG. */
async function twelveMegapixels(seed: number, look: (typeof looks)[number]): Promise<Buffer> {
  // Structure at about 8 px of the original: a few pixels of a 256 px tile.
  const detail = await noise(500, 375, look.detail).png().toBuffer();
  const grain = await noise(4000, 3000, look.grain).raw().toBuffer();
  return sharp(detail)
    .resize(4000, 3000, { kernel: 'cubic' })
    .modulate({ hue: seed * 47, saturation: 1.4 })
    .composite([{ input: grain, raw: { width: 4000, height: 3000, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: look.quality })
    .toBuffer();
}

export async function makePhotos(count: number): Promise<Photo[]> {
  const photos: Photo[] = [];
  for (let i = 0; i < count; i += 1) {
    const look = looks[i % looks.length] ?? { detail: 46, grain: 22, quality: 91 };
    const bytes = await twelveMegapixels(i, look);
    photos.push({ bytes, ...(await makeThumbnails(bytes)) });
  }
  return photos;
}

export const photoName = (index: number) => `IMG_${String(index).padStart(5, '0')}.jpg`;

/** Runs `work` over 0…count-1, `width` at a time. */
export async function inParallel(count: number, width: number, work: (index: number) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < count; index = next++) await work(index);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/** `count` photos under `folderKey/` of the bucket: the distinct ones put, the rest copied from them. */
export async function fillBucket(
  client: S3Client,
  bucket: string,
  folderKey: string,
  photos: readonly Photo[],
  count: number,
  progress: (done: number) => void,
): Promise<void> {
  for (const [index, photo] of photos.entries())
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `${folderKey}/${photoName(index)}`,
        Body: photo.bytes,
        ContentType: 'image/jpeg',
      }),
    );
  let done = photos.length;
  await inParallel(count - photos.length, 8, async (offset) => {
    const index = photos.length + offset;
    await client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: `${folderKey}/${photoName(index)}`,
        CopySource: `${bucket}/${folderKey}/${photoName(index % photos.length)}`,
      }),
    );
    done += 1;
    if (done % 500 === 0) progress(done);
  });
}
