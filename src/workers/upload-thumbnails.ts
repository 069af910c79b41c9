// The thumbnails of a share upload (the upload page, a URL upload, a file request): made from the
// bytes being sent while they go out, then sent once the upload is committed, as the explorer's
// uploads do (fs-transfer.ts). Nothing here ever fails the upload: a corrupt image, a refused or
// failed call, or a time-out only leaves the file without thumbnails.
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
