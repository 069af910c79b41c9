// Keeps the search index and the caches true to every write made through the explorer: each
// write records its entries (stamped with the mount's current reindex generation, so a reindex
// running meanwhile keeps them) and drops the mount's directory pages, links and search results.
import type { CacheRegistry } from '@server/lib/cache/cache-registry';
import { mimeFromFilename } from '@server/lib/mime';
import { bareEtag } from '@server/storage/storage-driver';
import type { FsEntryRepo, NewFsEntry } from './fs-entry.repo';
import type { MountRow } from '@server/modules/mounts/mounts.types';
import { inMount, nameOf, parentOf } from '@server/lib/fs-path';

export type StoredFile = { size: number; etag: string; contentType: string | null; lastModified: Date | null };

/** An index row; `path` is relative to the mount (see inMount). */
export function fileEntry(
  mountId: string,
  path: string,
  file: StoredFile,
  generation: number,
  counted: boolean,
): NewFsEntry {
  const name = nameOf(path);
  return {
    mount_id: mountId,
    path,
    parent: parentOf(path),
    name,
    is_dir: 0,
    size: file.size,
    modified: file.lastModified?.toISOString() ?? null,
    etag: file.etag === '' ? null : bareEtag(file.etag),
    content_type: file.contentType ?? mimeFromFilename(name),
    counted: counted ? 1 : 0,
    generation,
  };
}

export function folderEntry(
  mountId: string,
  path: string,
  generation: number,
  modified: Date | null = null,
): NewFsEntry {
  return {
    mount_id: mountId,
    path,
    parent: parentOf(path),
    name: nameOf(path),
    is_dir: 1,
    size: 0,
    modified: modified?.toISOString() ?? null,
    etag: null,
    content_type: null,
    counted: 0,
    generation,
  };
}

export class FsIndex {
  constructor(private readonly caches: CacheRegistry) {}

  /** A file Clipdock wrote at the explorer `path`: its bytes count against the quota from now on. */
  async fileWritten(entries: FsEntryRepo, mount: MountRow, path: string, file: StoredFile): Promise<void> {
    await entries.upsert(
      [fileEntry(mount.id, inMount(mount.mount_path, path), file, await entries.generation(mount.id), true)],
      'app',
    );
  }

  /**
   * A file share Clipdock stored at the explorer `path`: searchable at once, but not counted, since
   * its bytes already count as a share.
   */
  async shareStored(entries: FsEntryRepo, mount: MountRow, path: string, file: StoredFile): Promise<void> {
    await entries.upsert(
      [fileEntry(mount.id, inMount(mount.mount_path, path), file, await entries.generation(mount.id), false)],
      'app',
    );
  }

  async folderCreated(entries: FsEntryRepo, mount: MountRow, path: string, at: Date): Promise<void> {
    await entries.upsert(
      [folderEntry(mount.id, inMount(mount.mount_path, path), await entries.generation(mount.id), at)],
      'app',
    );
  }

  /** A tree Clipdock wrote in one go (a copy): its files count against the quota from now on. */
  async treeWritten(
    entries: FsEntryRepo,
    mount: MountRow,
    tree: { files: ReadonlyArray<{ path: string; file: StoredFile }>; folders: readonly string[]; at: Date },
  ): Promise<void> {
    const generation = await entries.generation(mount.id);
    await entries.upsert(
      [
        ...tree.folders.map((path) => folderEntry(mount.id, inMount(mount.mount_path, path), generation, tree.at)),
        ...tree.files.map(({ path, file }) =>
          fileEntry(mount.id, inMount(mount.mount_path, path), file, generation, true),
        ),
      ],
      'app',
    );
  }

  async removed(entries: FsEntryRepo, mount: MountRow, path: string): Promise<void> {
    await entries.deleteTree(mount.id, inMount(mount.mount_path, path));
  }

  async moved(entries: FsEntryRepo, mount: MountRow, from: string, to: string): Promise<void> {
    const target = inMount(mount.mount_path, to);
    await entries.moveTree(mount.id, inMount(mount.mount_path, from), target, parentOf(target), nameOf(target));
  }

  /** Bytes of the file at `path` that count against the quota (0 when not counted). */
  countedSize(entries: FsEntryRepo, mount: MountRow, path: string): Promise<number> {
    return entries.countedSize(mount.id, inMount(mount.mount_path, path));
  }

  /** Drops the mount's cached listings and links, and every cached search (results span mounts). */
  changed(mountId: string): void {
    this.caches.clear({ mountIds: [mountId] });
    this.caches.clearSearch();
  }
}
