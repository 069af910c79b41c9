// GET …/fs/thumbnail: the caller's path is resolved like every explorer read (a key's base path
// applies), then the file's current ETag decides. A thumbnail made from this version is streamed
// (WebP, nosniff, a sandboxing CSP: never active content); one still to make is queued and answers
// 202; a file that will never have one (not an image, over the size limit, undecodable) is a 404.
import type { Readable } from 'node:stream';
import { ErrorCode } from '@shared/errors';
import sharp from 'sharp';
import {
  thumbnailPixels,
  thumbnailSizes,
  type FsThumbnailQuery,
  type FsThumbnailUpload,
  type FsThumbnailUploadResult,
  type ThumbnailPending,
} from '@shared/api/fs-thumbnail.endpoints';
import { AppError } from '@server/lib/app-error';
import { StorageError } from '@server/storage/storage-driver';
import type { FsAccess, FsCaller } from '@server/modules/fs/fs-access.service';
import { onStorage } from '@server/modules/fs/fs-storage';
import { isThumbnailable, thumbnailKey } from './thumbnail-keys';
import type { ThumbnailStore } from './thumbnail-store';

export type ThumbnailAnswer =
  | { kind: 'image'; body: Readable; length: number; etag: string }
  | { kind: 'pending'; pending: ThumbnailPending };

export class ThumbnailService {
  constructor(
    private readonly access: FsAccess,
    private readonly store: ThumbnailStore,
  ) {}

  async thumbnail(caller: FsCaller, { path, size }: FsThumbnailQuery): Promise<ThumbnailAnswer> {
    const target = await this.access.inMount(caller, path);
    if (target.key === '' || target.folder || !isThumbnailable(target.key)) throw none('this file type has none');
    const log = this.access.logger;
    const head = await onStorage(target.storage, log, () => target.driver.head(target.key));
    if (head === null || target.key.endsWith('/')) throw new AppError(ErrorCode.NotFound, 'file not found');
    const row = await this.store.repo.find(target.config.id, target.key);
    const current = row !== undefined && row.source_etag === head.etag;
    if (current && row.status === 'done') {
      try {
        const object = await onStorage(target.storage, log, () =>
          target.driver.getObject(thumbnailKey(target.key, size)),
        );
        return { kind: 'image', body: object.body, length: object.contentLength, etag: object.etag };
      } catch (error) {
        if (!(error instanceof StorageError && error.kind === 'not-found')) throw error;
        // The thumbnail went missing from storage: made again below.
      }
    } else if (current && (row.status === 'failed' || row.status === 'skipped')) {
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

  /**
   * Thumbnails the browser made of a file it just uploaded: the caller must be able to write the
   * path; each must be a WebP within its size. Recorded as made from the file's current ETag, so
   * the queue leaves the file alone.
   */
  async upload(caller: FsCaller, input: FsThumbnailUpload): Promise<FsThumbnailUploadResult> {
    const target = await this.access.writable(caller, input.path);
    if (target.key === '' || target.folder || !isThumbnailable(target.key))
      throw new AppError(ErrorCode.BadRequest, 'path: only image files have thumbnails');
    const log = this.access.logger;
    const head = await onStorage(target.storage, log, () => target.driver.head(target.key));
    if (head === null || target.key.endsWith('/')) throw new AppError(ErrorCode.NotFound, 'file not found');
    const made = { tile: Buffer.from(input.tile, 'base64'), large: Buffer.from(input.large, 'base64') };
    for (const size of thumbnailSizes) await mustBeWebp(made[size], size);
    await onStorage(target.storage, log, () => this.store.write(target, target.key, made));
    await this.store.made(target.config.id, target.key, head.etag, head.size);
    return { path: input.path, status: 'done' };
  }
}

async function mustBeWebp(bytes: Buffer, size: 'tile' | 'large'): Promise<void> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  const side = thumbnailPixels[size];
  if (
    meta === null ||
    meta.format !== 'webp' ||
    meta.width === undefined ||
    meta.height === undefined ||
    Math.max(meta.width, meta.height) > side
  )
    throw new AppError(ErrorCode.BadRequest, `${size}: not a WebP image of at most ${side} px`);
}

function none(why: string): AppError {
  return new AppError(ErrorCode.NotFound, `no thumbnail: ${why}`);
}
