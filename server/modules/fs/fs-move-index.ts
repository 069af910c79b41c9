// How a move keeps the search index true. `applyMovedKeys` is the one place where files that
// change key in a move are applied to the index (and where anything else kept per file, such as
// thumbnails, follows a move): the source's entry goes, the target's is written, in one
// transaction, before storage is touched; a file storage then refuses is applied back the other
// way. Both steps are idempotent, so a move run again after a crash leaves the index right.
import type { Repositories } from '@server/db/repositories';
import type { ListedObject } from '@server/storage/storage-driver';
import type { MountTarget } from './fs-access.service';
import { fileEntry, type FsIndex } from './fs-index';
import type { NewFsEntry } from './fs-entry.repo';
import { inMount, parentOf, pathOfKey } from '@server/lib/fs-path';

/** One file of a move; `done`: the target already held its bytes (an earlier run copied it). */
export type MovedFile = { fromKey: string; toKey: string; object: ListedObject; done: boolean };

type Side = Pick<MountTarget, 'mount' | 'path'>;

export class FsMovedKeys {
  constructor(
    private readonly repos: Pick<Repositories, 'fsEntries' | 'transaction'>,
    private readonly index: FsIndex,
    private readonly now: () => Date,
  ) {}

  /**
   * Files that change key from `from`'s mount to `to`'s: the index follows them, each keeping
   * whether its bytes count against the quota (a file another tool wrote stays uncounted). A run
   * again finds the source's entry gone and keeps the target's.
   */
  async applyMovedKeys(from: Side, to: Side, files: readonly MovedFile[]): Promise<void> {
    if (files.length === 0) return;
    const at = this.now();
    // Every folder above a moved file inside its mount (S3 may hold files below no folder marker).
    const folders = new Set<string>();
    await this.repos.transaction(async (trx) => {
      const generation = await trx.fsEntries.generation(to.mount.id);
      const rows: NewFsEntry[] = [];
      for (const file of files) {
        const path = pathOfKey(to.mount.mount_path, file.toKey);
        for (let dir = parentOf(path); dir.length > to.mount.mount_path.length; dir = parentOf(dir)) folders.add(dir);
        const source = inMount(from.mount.mount_path, pathOfKey(from.mount.mount_path, file.fromKey));
        const target = inMount(to.mount.mount_path, path);
        const counted = [
          await trx.fsEntries.find(from.mount.id, source),
          await trx.fsEntries.find(to.mount.id, target),
        ].some((row) => row?.counted === 1);
        await trx.fsEntries.deleteTree(from.mount.id, source);
        const { size, etag, lastModified } = file.object;
        const stored = { size, etag: etag ?? '', contentType: null, lastModified: lastModified ?? at };
        rows.push(fileEntry(to.mount.id, target, stored, generation, counted));
      }
      await this.index.treeWritten(trx.fsEntries, to.mount, { files: [], folders: [...folders], at });
      await trx.fsEntries.upsert(rows, 'app');
    });
    this.index.changed(from.mount.id);
    this.index.changed(to.mount.id);
  }

  /** Folder markers a move made at its target. */
  async foldersMade(to: Side, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const folders = keys.map((key) => pathOfKey(to.mount.mount_path, key));
    await this.repos.transaction((trx) =>
      this.index.treeWritten(trx.fsEntries, to.mount, { files: [], folders, at: this.now() }),
    );
    this.index.changed(to.mount.id);
  }

  /** A source a move deleted (a file, or a folder it emptied), with every entry left below it. */
  async sourceRemoved(from: Side): Promise<void> {
    await this.index.removed(this.repos.fsEntries, from.mount, from.path);
    this.index.changed(from.mount.id);
  }
}
