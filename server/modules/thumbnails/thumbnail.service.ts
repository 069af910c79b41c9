// GET …/fs/thumbnail: the caller's path is resolved like every explorer read (a key's base path
// applies), then the file's current ETag decides. A thumbnail made from this version is streamed
// (WebP, nosniff, a sandboxing CSP: never active content); one still to make is queued and answers
// 202; a file that will never have one (not an image, over the size limit, undecodable) is a 404.
import type { Readable } from 'node:stream';
import { ErrorCode } from '@shared/errors';
import type { FsThumbnailQuery, ThumbnailPending } from '@shared/api/fs-thumbnail.endpoints';
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
}

function none(why: string): AppError {
  return new AppError(ErrorCode.NotFound, `no thumbnail: ${why}`);
}
