// What follows a file when the explorer or WebDAV moves, renames, copies or deletes it: its
// thumbnails, and the file shares that point at it. A follower never fails the change that told
// it; it logs its own failures.
import type { StorageDriver } from '@server/storage/storage-driver';
import type { StorageName } from './fs-storage';

/** One storage, as the explorer's resolved paths carry it. */
export type FollowedSite = { config: { id: string }; storage: StorageName; driver: StorageDriver };

export interface FsFollower {
  removed(site: FollowedSite, key: string, folder: boolean): Promise<void>;
  moved(site: FollowedSite, fromKey: string, toKey: string, folder: boolean): Promise<void>;
  copied(site: FollowedSite, fromKey: string, toKey: string, folder: boolean): Promise<void>;
}

/** Several followers told in turn, as one. */
export function allFollowers(followers: readonly (FsFollower | undefined)[]): FsFollower {
  const present = followers.filter((follower) => follower !== undefined);
  return {
    removed: async (site, key, folder) => {
      for (const follower of present) await follower.removed(site, key, folder);
    },
    moved: async (site, fromKey, toKey, folder) => {
      for (const follower of present) await follower.moved(site, fromKey, toKey, folder);
    },
    copied: async (site, fromKey, toKey, folder) => {
      for (const follower of present) await follower.copied(site, fromKey, toKey, folder);
    },
  };
}
