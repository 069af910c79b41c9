// What a link card needs of the thumbnails domain: the large thumbnail stored beside a share's
// object, made from its current version (server/modules/thumbnails/stored-thumbnail.service.ts).
export type CardPosters = {
  /**
   * The storage key of the large thumbnail of `key` made from its version `etag` (from any version
   * when `etag` is null), if there is one.
   */
  largeOf(configId: string, key: string, etag: string | null): Promise<string | undefined>;
};
