// A URL upload's thumbnails: the worker sees the bytes as it streams them from the source to
// storage, so an image small enough to decode is also kept, a chunk at a time, and made into
// thumbnails once the download is whole (a video is not: a worker has no <video> element). A
// failed or cut download, or a file too large to decode, only means no thumbnails.
import { isThumbnailableName } from '@shared/thumbnail-types';
import type { ThumbnailBlobs } from './image-thumbnails';
import { BROWSER_THUMBNAIL_MAX_SOURCE_BYTES } from './image-thumbnails';
import type { MakeThumbnails } from './upload-thumbnails';

export type Kept = {
  body: ReadableStream<Uint8Array>;
  /** Makes them from the kept bytes (once the download is whole): run it in the thumbnail line. */
  thumbnails(): Promise<ThumbnailBlobs | null>;
};

export function keepForThumbnails(
  source: ReadableStream<Uint8Array>,
  job: { filename: string; mimetype: string; size: number },
  make: MakeThumbnails | undefined,
): Kept | null {
  if (make === undefined || !isThumbnailableName(job.filename) || job.size > BROWSER_THUMBNAIL_MAX_SOURCE_BYTES)
    return null;
  const [body, copy] = source.tee();
  const kept = collect(copy, job.size);
  return { body, thumbnails: () => kept.then((blob) => (blob === null ? null : make(blob, job.filename))) };
}

/** The whole stream as a Blob, or null when it fails or runs past `size`. */
async function collect(stream: ReadableStream<Uint8Array>, size: number): Promise<Blob | null> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > size) {
        await reader.cancel();
        return null;
      }
      chunks.push(value.slice());
    }
  } catch {
    return null;
  }
  return total === size ? new Blob(chunks) : null;
}
