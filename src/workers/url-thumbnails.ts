// A URL upload's thumbnails: the worker sees the bytes as it streams them from the source to
// storage, so it keeps a copy, a chunk at a time: an image small enough to decode whole, and the
// start of a video the page can play (the whole file up to 64 MiB, else its first 16 MiB, which
// hold the first second of any video below 128 Mbit/s whose index comes first). Once the download
// is whole the image is made into thumbnails here, and the video's start is handed to the page,
// which takes a frame of it in a <video> (a worker has none). A video whose index (an MP4's moov)
// sits at the end of a file above 64 MiB gives no frame from its start; nor does a failed or cut
// download, or a file too large: they only mean no thumbnails.
import { isThumbnailableName, isVideoName } from '@shared/thumbnail-types';
import type { ThumbnailBlobs } from './image-thumbnails';
import { BROWSER_THUMBNAIL_MAX_SOURCE_BYTES } from './image-thumbnails';
import { posterSchema } from './protocol';
import type { MakeThumbnails } from './upload-thumbnails';

/** A video up to this size is kept whole; a larger one only its first VIDEO_START_BYTES. */
export const VIDEO_WHOLE_MAX_BYTES = 64 * 1024 * 1024;
export const VIDEO_START_BYTES = 16 * 1024 * 1024;

/** Takes a frame near the start of a video (in the page) and draws it into both sizes; null when it cannot. */
export type TakeFrame = (video: Blob, name: string) => Promise<ThumbnailBlobs | null>;

/** The page's frame taker as the worker calls it: its answer parsed, a page gone or a bad answer null. */
export function checkedFrame(takeFrame: (video: Blob, name: string) => Promise<unknown>): TakeFrame {
  return async (video, name) => {
    const answer = await Promise.resolve(takeFrame(video, name)).catch(() => null);
    const parsed = posterSchema.safeParse(answer);
    return parsed.success ? parsed.data : null;
  };
}

export type Kept = {
  body: ReadableStream<Uint8Array>;
  /** Makes them from the kept bytes (once the download is whole): run it in the thumbnail line. */
  thumbnails(): Promise<ThumbnailBlobs | null>;
};

export function keepForThumbnails(
  source: ReadableStream<Uint8Array>,
  job: { filename: string; mimetype: string; size: number },
  make: MakeThumbnails | undefined,
  takeFrame?: TakeFrame,
): Kept | null {
  if (make !== undefined && isThumbnailableName(job.filename) && job.size <= BROWSER_THUMBNAIL_MAX_SOURCE_BYTES) {
    const [body, copy] = source.tee();
    const kept = collect(copy, job.size, job.size);
    return { body, thumbnails: () => kept.then((blob) => (blob === null ? null : make(blob, job.filename))) };
  }
  if (takeFrame !== undefined && isVideoName(job.filename)) {
    const [body, copy] = source.tee();
    const wanted = job.size <= VIDEO_WHOLE_MAX_BYTES ? job.size : VIDEO_START_BYTES;
    const kept = collect(copy, job.size, wanted);
    const type = job.mimetype.startsWith('video/') ? job.mimetype : '';
    return {
      body,
      thumbnails: () =>
        kept.then((blob) => (blob === null ? null : takeFrame(new Blob([blob], { type }), job.filename))),
    };
  }
  return null;
}

/**
 * The stream's first `wanted` bytes as a Blob, then lets the rest go by; null when it fails, ends
 * short of `wanted` or runs past `size`.
 */
async function collect(stream: ReadableStream<Uint8Array>, size: number, wanted: number): Promise<Blob | null> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const before = total;
      total += value.byteLength;
      if (total > size) {
        await reader.cancel();
        return null;
      }
      if (before < wanted) chunks.push(value.slice(0, wanted - before));
      else if (wanted < size) {
        // The start is kept: stop reading this branch, so the tee holds nothing more for it.
        await reader.cancel();
        return new Blob(chunks);
      }
    }
  } catch {
    return null;
  }
  return total >= wanted ? new Blob(chunks) : null;
}
