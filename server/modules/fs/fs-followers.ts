// What follows a file when the explorer or WebDAV moves, renames, copies or deletes it: its
// thumbnails, and the file shares that point at it. A follower never fails the change that told
// it; it logs its own failures.
import type { FsFollower } from './fs.types';

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
