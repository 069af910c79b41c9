// The thumbnails of a share upload (the upload page, a URL upload, a file request): made from the
// bytes that were sent, once the upload is committed, and sent to the server. They are made
// after the upload's answer, one file at a time (`ThumbnailLine`): decoding a 12-megapixel photo
// and encoding its 1024 px WebP costs about as much CPU as sending it, so on the upload's path
// they would double a batch's time; in the line they take one core for a tenth of the time while
// uploads are in flight, and two cores once none is (the rest follow the batch). Nothing here ever fails the
// upload: a corrupt image, a refused or failed call, or a time-out only leaves the file without
// thumbnails.
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
  /**
   * An upload is in flight until the returned function is called: meanwhile (and for a moment
   * after) the line runs one job at a time for at most `share` of the time, and two at once once
   * none is left.
   */
  hold(): () => void;
  /** Resolves once every job added so far is done (tests, benchmarks). */
  idle(): Promise<void>;
};

/**
 * The share of the time the line works while uploads are in flight. Decoding and encoding take a
 * core the uploads want (the server, storage and the network stack on a small machine); at a tenth
 * of the time a batch loses about a twentieth of its speed on two cores, and the rest of the
 * thumbnails follow the last upload at full speed.
 */
export const THUMBNAIL_SHARE_WHILE_UPLOADING = 0.1;
/** Jobs at once when no upload is in flight (one while any is): two cores' worth. */
export const THUMBNAIL_JOBS_WHEN_IDLE = 2;
/**
 * How long no upload must be in flight before the line counts as free: a batch's next file starts
 * a moment after the last one's answer, and that moment is not the end of the batch.
 */
export const THUMBNAIL_IDLE_AFTER_MS = 1_000;

export type ThumbnailLineOptions = { share?: number; parallel?: number; idleAfterMs?: number; now?: () => number };

export function createThumbnailLine(options: ThumbnailLineOptions = {}): ThumbnailLine {
  const share = Math.min(1, Math.max(0.01, options.share ?? THUMBNAIL_SHARE_WHILE_UPLOADING));
  const parallel = Math.max(1, options.parallel ?? THUMBNAIL_JOBS_WHEN_IDLE);
  const idleAfterMs = options.idleAfterMs ?? THUMBNAIL_IDLE_AFTER_MS;
  const now = options.now ?? (() => performance.now());
  const queue: Array<() => Promise<void>> = [];
  let holds = 0;
  /** When the last upload in flight ended. */
  let releasedAt = Number.NEGATIVE_INFINITY;
  let running = 0;
  /** When the last job may be followed by the next while uploads are in flight. */
  let restUntil = 0;
  /** A rest in progress: ends at restUntil, or once no upload has been in flight for idleAfterMs. */
  let resting: ReturnType<typeof setTimeout> | null = null;
  let waiters: Array<() => void> = [];

  function pump(): void {
    for (;;) {
      const at = now();
      const busy = holds > 0 || at - releasedAt < idleAfterMs;
      if (resting !== null || queue.length === 0 || running >= (busy ? 1 : parallel)) return;
      if (busy && restUntil > at) {
        const until = holds > 0 ? restUntil : Math.min(restUntil, releasedAt + idleAfterMs);
        resting = setTimeout(() => {
          resting = null;
          pump();
        }, until - at);
        return;
      }
      const work = queue.shift();
      if (work === undefined) return;
      running += 1;
      const started = now();
      void work()
        .catch(() => undefined)
        .then(() => {
          running -= 1;
          const ended = now();
          restUntil = Math.max(restUntil, ended + (ended - started) * (1 / share - 1));
          pump();
          if (queue.length === 0 && running === 0) {
            const done = waiters;
            waiters = [];
            for (const resolve of done) resolve();
          }
        });
    }
  }

  return {
    add(work) {
      queue.push(work);
      pump();
    },
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds > 0) return;
        releasedAt = now();
        if (resting !== null) clearTimeout(resting);
        resting = null;
        pump();
      };
    },
    idle: () =>
      queue.length === 0 && running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
  };
}
