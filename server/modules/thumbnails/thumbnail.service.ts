// GET …/fs/thumbnail: the caller's path is resolved like every explorer read (a key's base path
// applies), then the file's current ETag decides. A thumbnail made from this version is streamed
// (WebP, nosniff, a sandboxing CSP: never active content); one still to make is queued and answers
// 202; a file that will never have one (not an image, over the size limit, undecodable) is a 404.
import type { Readable } from 'node:stream';
import { ErrorCode } from '@shared/errors';
import type {
  FsThumbnailQuery,
  FsThumbnailUpload,
  FsThumbnailUploadResult,
  ThumbnailPending,
} from '@shared/api/fs-thumbnail.endpoints';
import { AppError } from '@server/lib/app-error';
import { bareEtag, StorageError } from '@server/storage/storage-driver';
import type { Clock } from '@server/lib/clock';
import type { FsAccess, FsCaller, MountTarget } from '@server/modules/fs/fs-access.service';
import { onStorage } from '@server/storage/on-storage';
import { checkedThumbnail } from './thumbnail-check';
import { hasThumbnails, isThumbnailable, thumbnailKey } from '@server/lib/thumbnail-keys';
import type { ThumbnailStore } from './thumbnail-store';

type Served =
  | { kind: 'image'; body: Readable; length: number; etag: string; contentType: string }
  | { kind: 'redirect'; url: string };

/**
 * `named`: made from the version the caller named (`etag`), so the answer may be kept as long as
 * that URL; `current`: from the version storage holds now.
 */
export type ThumbnailAnswer =
  | (Served & { version: 'named' | 'current' })
  | { kind: 'pending'; pending: ThumbnailPending };

/**
 * An S3 storage's thumbnail is a redirect to a link signed as of the start of the current window,
 * valid for two windows: the same link comes back for a window, so the browser's cache holds it.
 */
export const THUMBNAIL_LINK_WINDOW_SECONDS = 3600;

export class ThumbnailService {
  constructor(
    private readonly access: FsAccess,
    private readonly store: ThumbnailStore,
    private readonly clock: Clock,
  ) {}

  async thumbnail(caller: FsCaller, query: FsThumbnailQuery): Promise<ThumbnailAnswer> {
    const target = await this.access.inMount(caller, query.path);
    if (target.key === '' || target.folder || !hasThumbnails(target.key)) throw none('this file type has none');
    const log = this.access.logger;
    // The listing the caller shows named this version: a thumbnail made from it needs no HEAD of
    // the file (one storage round trip per tile less). Never older than what the caller shows;
    // any other version, or none named, asks storage which one is current.
    const find = () => this.store.repo.find(target.config.id, target.key);
    const known = query.etag === undefined ? undefined : await find();
    if (known?.status === 'done' && sameVersion(known.source_etag, query.etag)) {
      const served = await this.#served(target, query);
      if (served !== null) return { ...served, version: 'named' };
    }
    const head = await onStorage(target.storage, log, () => target.driver.head(target.key));
    if (head === null || target.key.endsWith('/')) throw new AppError(ErrorCode.NotFound, 'file not found');
    const row = query.etag === undefined ? await find() : known;
    const current = row !== undefined && row.source_etag === head.etag;
    if (current && row.status === 'done') {
      const served = await this.#served(target, query);
      if (served !== null) return { ...served, version: 'current' };
      // The thumbnail went missing from storage: made again below.
    }
    // A video's thumbnails come only from the browser that uploaded it; without them, its type icon.
    if (!isThumbnailable(target.key)) throw none('no frame of this video was taken at upload');
    if (current && (row.status === 'failed' || row.status === 'skipped')) {
      throw none(
        row.status === 'skipped' ? 'the file is larger than the thumbnail limit' : 'the file is not a decodable image',
      );
    } else if (
      row !== undefined &&
      (row.status === 'queued' || row.status === 'working') &&
      (current || row.source_etag === null)
    ) {
      return { kind: 'pending', pending: { status: row.status } };
    }
    await this.store.enqueue(target.config.id, target.key, head.etag, head.size);
    return { kind: 'pending', pending: { status: 'queued' } };
  }

  /** The stored thumbnail (a redirect to it on S3), or null when it is missing from storage. */
  async #served(target: MountTarget, query: FsThumbnailQuery): Promise<Served | null> {
    const { size } = query;
    if (target.driver.kind === 's3' && target.config.use_proxy !== 1 && query.via !== 'server')
      return { kind: 'redirect', url: await this.#link(target, size) };
    try {
      const object = await onStorage(target.storage, this.access.logger, () =>
        target.driver.getObject(thumbnailKey(target.key, size)),
      );
      return {
        kind: 'image',
        body: object.body,
        length: object.contentLength,
        etag: object.etag,
        contentType: object.contentType === 'image/avif' ? 'image/avif' : 'image/webp',
      };
    } catch (error) {
      if (error instanceof StorageError && error.kind === 'not-found') return null;
      throw error;
    }
  }

  /** A link to the thumbnail in storage, the same one for a whole window (see above). */
  async #link(target: MountTarget, size: FsThumbnailQuery['size']): Promise<string> {
    const window = THUMBNAIL_LINK_WINDOW_SECONDS * 1000;
    const signedAt = Math.floor(this.clock.now() / window) * window;
    return onStorage(target.storage, this.access.logger, () =>
      target.driver.presignGet(thumbnailKey(target.key, size), {
        expiresIn: 2 * THUMBNAIL_LINK_WINDOW_SECONDS,
        signedAt,
        cacheControl: `private, max-age=${THUMBNAIL_LINK_WINDOW_SECONDS}, immutable`,
      }),
    );
  }

  /**
   * Thumbnails the browser made of a file it just uploaded: the caller must be able to write the
   * path; each must be a WebP within its size. Recorded as made from the file's current ETag, so
   * the queue leaves the file alone.
   */
  async upload(caller: FsCaller, input: FsThumbnailUpload): Promise<FsThumbnailUploadResult> {
    const target = await this.access.writable(caller, input.path);
    if (target.key === '' || target.folder || !hasThumbnails(target.key))
      throw new AppError(ErrorCode.BadRequest, 'path: only image and video files have thumbnails');
    const log = this.access.logger;
    const head = await onStorage(target.storage, log, () => target.driver.head(target.key));
    if (head === null || target.key.endsWith('/')) throw new AppError(ErrorCode.NotFound, 'file not found');
    const tile = await checkedThumbnail(Buffer.from(input.tile, 'base64'), 'tile');
    const large = await checkedThumbnail(Buffer.from(input.large, 'base64'), 'large');
    const made = { tile: tile.bytes, large: large.bytes };
    const types = { tile: tile.contentType, large: large.contentType };
    await onStorage(target.storage, log, () => this.store.write(target, target.key, made, types));
    await this.store.made(target.config.id, target.key, head.etag, head.size);
    return { path: input.path, status: 'done' };
  }
}

/** Whether a recorded source ETag is the version a listing named (quotes and W/ aside). */
function sameVersion(recorded: string | null, named: string | undefined): boolean {
  return recorded !== null && named !== undefined && bareEtag(recorded) === bareEtag(named);
}

function none(why: string): AppError {
  return new AppError(ErrorCode.NotFound, `no thumbnail: ${why}`);
}
