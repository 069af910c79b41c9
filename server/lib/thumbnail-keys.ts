// Where thumbnails live: in the same storage as their file, under a hidden prefix at the bucket's
// root (a mount's root), `.clipdock-thumbs/<file key>.<size>.webp`. The mapping is one to one,
// a folder's thumbnails sit under one prefix (so a folder's move or delete is one listing), and no
// explorer path, listing, search or WebDAV request ever names a key under the prefix.
import type { ThumbnailSize } from '@shared/api/fs-thumbnail.endpoints';
import { isThumbnailableName, isVideoName } from '@shared/thumbnail-types';

export const THUMBNAIL_PREFIX = '.clipdock-thumbs';

/** Whether an object key (or a listing prefix) is the hidden folder or lies below it. */
export function isThumbnailKey(key: string): boolean {
  return key === THUMBNAIL_PREFIX || key.startsWith(`${THUMBNAIL_PREFIX}/`);
}

export function thumbnailKey(key: string, size: ThumbnailSize): string {
  return `${THUMBNAIL_PREFIX}/${key}.${size}.webp`;
}

/** The listing prefix of every thumbnail of the files below the folder at `key`. */
export function thumbnailFolderPrefix(key: string): string {
  return `${THUMBNAIL_PREFIX}/${key}/`;
}

export function isThumbnailable(key: string): boolean {
  return isThumbnailableName(key);
}

/**
 * Whether a file can have thumbnails: the images above, and videos, whose thumbnails only the
 * browser makes (a frame near the start, at upload); the server's queue never takes a video.
 */
export function hasThumbnails(key: string): boolean {
  return isThumbnailableName(key) || isVideoName(key);
}
