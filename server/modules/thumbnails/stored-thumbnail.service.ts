// Which large thumbnail stored beside an object (a WebP or AVIF of at most 1024 px, a video's
// frame) was made from the object's current version: what a share's link card is scaled from
// instead of the original.
import { thumbnailKey } from '@server/lib/thumbnail-keys';
import { bareEtag } from '@server/storage/storage-driver';
import type { ThumbnailRepo } from './thumbnail.repo';

export class StoredThumbnailService {
  constructor(private readonly thumbnails: Pick<ThumbnailRepo, 'find'>) {}

  /**
   * The storage key of the large thumbnail of `key` made from its version `etag` (from any version
   * when `etag` is null: a share whose object's ETag was not recorded), if there is one.
   */
  async largeOf(configId: string, key: string, etag: string | null): Promise<string | undefined> {
    const row = await this.thumbnails.find(configId, key);
    if (row?.status !== 'done') return undefined;
    if (etag !== null && (row.source_etag === null || bareEtag(row.source_etag) !== bareEtag(etag))) return undefined;
    return thumbnailKey(key, 'large');
  }
}
