// The large thumbnail stored beside a share's object (server/modules/thumbnails: a WebP or AVIF of at
// most 1024 px, a video's frame), which a link card is scaled from instead of the original when it
// was made from the object's current version.
import { bareEtag } from '@server/storage/storage-driver';
import type { ThumbnailRepo } from '@server/modules/thumbnails/thumbnail.repo';
import { thumbnailKey } from '@server/modules/thumbnails/thumbnail-keys';

export type CardPosters = {
  /**
   * The storage key of the large thumbnail of `key` made from its version `etag` (from any version
   * when `etag` is null: a share whose object's ETag was not recorded), if there is one.
   */
  largeOf(configId: string, key: string, etag: string | null): Promise<string | undefined>;
};

export function storedPosters(thumbnails: Pick<ThumbnailRepo, 'find'>): CardPosters {
  return {
    async largeOf(configId, key, etag) {
      const row = await thumbnails.find(configId, key);
      if (row?.status !== 'done') return undefined;
      if (etag !== null && (row.source_etag === null || bareEtag(row.source_etag) !== bareEtag(etag))) return undefined;
      return thumbnailKey(key, 'large');
    },
  };
}
