// The thumbnails of a share upload (the upload page, a URL upload, a file request): made from the
// bytes that were sent, once the upload is committed, and sent to the server. They are made
// after the upload's answer, one file at a time (`ThumbnailLine`): decoding a 12-megapixel photo
// and encoding its 1024 px WebP costs about as much CPU as sending it, so on the upload's path
// they would double a batch's time; in the line they take one core at most while the next files
// go up. Nothing here ever fails the upload: a corrupt image, a refused or failed call, or a
// time-out only leaves the file without thumbnails.
import { blobToBase64, type ThumbnailBlobs } from './image-thumbnails';
import type { UploadApi } from './upload-api';

export type MakeThumbnails = (file: Blob, name: string) => Promise<ThumbnailBlobs | null>;

/** Starts making the thumbnails of `file`; resolves to null on any failure. */
export function startThumbnails(
  make: MakeThumbnails | undefined,
  file: Blob,
  name: string,
  /** A video's, made in the page already. */
  poster?: ThumbnailBlobs,
): Promise<ThumbnailBlobs | null> | null {
  if (poster !== undefined) return Promise.resolve(poster);
  if (make === undefined) return null;
  return make(file, name).catch(() => null);
}

/** Sends the thumbnails made of the upload `fileId` (committed), within `timeoutMs`. */
export async function sendThumbnails(
  api: Pick<UploadApi, 'thumbnail'>,
  fileId: string,
  made: Promise<ThumbnailBlobs | null> | null,
  timeoutMs: number,
): Promise<void> {
  if (made === null || api.thumbnail === undefined) return;
  try {
    const thumbnails = await made;
    if (thumbnails === null) return;
    const [tile, large] = await Promise.all([blobToBase64(thumbnails.tile), blobToBase64(thumbnails.large)]);
    await api.thumbnail({ file_id: fileId, tile, large }, AbortSignal.timeout(timeoutMs));
  } catch {
    // The file keeps its type icon.
  }
}

/** Thumbnail work done one job at a time, after the uploads that asked for it. */
export type ThumbnailLine = {
  add(work: () => Promise<void>): void;
  /** Resolves once every job added so far is done (tests, benchmarks). */
  idle(): Promise<void>;
};

export function createThumbnailLine(): ThumbnailLine {
  let tail: Promise<void> = Promise.resolve();
  return {
    add(work) {
      tail = tail.then(work).catch(() => undefined);
    },
    idle: () => tail,
  };
}
