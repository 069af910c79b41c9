// What other domains see of the explorer besides its services: what follows a file's changes
// (thumbnails do), and a mount upload in flight (file requests build on them).
import type { Selectable } from 'kysely';
import type { FsUploadsTable } from '@server/db/schema';
import type { StorageDriver } from '@server/storage/storage-driver';
import type { StorageName } from '@server/storage/on-storage';

export type FsUploadRow = Selectable<FsUploadsTable>;

/** One storage, as the explorer's resolved paths carry it. */
export type FollowedSite = { config: { id: string }; storage: StorageName; driver: StorageDriver };

export interface FsFollower {
  removed(site: FollowedSite, key: string, folder: boolean): Promise<void>;
  moved(site: FollowedSite, fromKey: string, toKey: string, folder: boolean): Promise<void>;
  copied(site: FollowedSite, fromKey: string, toKey: string, folder: boolean): Promise<void>;
}
