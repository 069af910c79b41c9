// The files domain's door for the domains that make and move shares (share uploads, the
// explorer's Share…, its moves): picking a free link suffix, recording a share, and following
// an object that moved. Writes take `within`, a caller's transaction, when they must commit with
// something the caller owns (a quota reservation, the explorer's index).
import { cleanFilename } from '@shared/filename';
import { ErrorCode } from '@shared/errors';
import { isReservedSlug } from '@shared/slug';
import type { Repositories } from '@server/db/repositories';
import { isUniqueViolation } from '@server/db/unique-violation';
import { AppError } from '@server/lib/app-error';
import { fieldError } from '@server/lib/field-error';
import { nameOf } from '@server/lib/fs-path';
import { generateSlug } from '@server/lib/slug';
import { encodedKey } from './file-share-mapping.service';
import type { FilePatch, FileRow, NewFile } from './files.types';

/** The files repository, alone or bound to a caller's transaction. */
export type ShareStore = Pick<Repositories, 'files'>;

const slugTaken = () => new AppError(ErrorCode.SlugTaken, 'link suffix already taken, try another');

export class ShareRecordsService {
  constructor(private readonly repos: ShareStore) {}

  /** The caller's own suffix (refused when reserved or taken), else six random characters not yet used. */
  async freeSlug(custom: string | undefined): Promise<string> {
    const { files } = this.repos;
    if (custom !== undefined) {
      if (isReservedSlug(custom)) throw fieldError('slug', 'is a reserved word');
      if (await files.slugTaken(custom)) throw slugTaken();
      return custom;
    }
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const slug = generateSlug(6);
      if (!(await files.slugTaken(slug))) return slug;
    }
    throw new AppError(ErrorCode.Unavailable, 'could not find a free link suffix, try again');
  }

  /** Records a share; a suffix another request took since `freeSlug` is 409. */
  async create(row: NewFile, within: ShareStore = this.repos): Promise<void> {
    try {
      await within.files.insert(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
  }

  find(id: string): Promise<FileRow | undefined> {
    return this.repos.files.findById(id);
  }

  /** The share behind a link's slug, whatever its state (link cards read it without spending a view). */
  bySlug(slug: string): Promise<FileRow | undefined> {
    return this.repos.files.findBySlug(slug);
  }

  async update(id: string, patch: FilePatch, within: ShareStore = this.repos): Promise<void> {
    await within.files.update(id, patch);
  }

  async remove(id: string): Promise<void> {
    await this.repos.files.delete(id);
  }

  /** Shares the sweeper removes: uploads pending since before the first cutoff, shares settled before the second. */
  sweepable(pendingBefore: string, settledBefore: string, limit: number): Promise<FileRow[]> {
    return this.repos.files.sweepable(pendingBefore, settledBefore, limit);
  }

  /** Removes a swept share: a pending upload goes, a committed share leaves a tombstone (its slug answers 410). */
  sweep(row: FileRow, nowIso: string): Promise<boolean> {
    return row.status === 'pending' ? this.repos.files.delete(row.id) : this.repos.files.retire(row, nowIso);
  }

  /** Drops the tombstones retired before `before`; counts them. */
  pruneTombstones(before: string): Promise<number> {
    return this.repos.files.pruneTombstones(before);
  }

  /** Whether a share upload to this object is still pending (the local blob endpoint takes its PUT). */
  hasPending(storageConfigId: string, key: string): Promise<boolean> {
    return this.repos.files.hasPending(storageConfigId, key);
  }

  /**
   * The shares of the object at `fromKey` (or below it, for a folder) now point at `toKey`: their
   * key and link, and for a share made from the explorer its path and name.
   */
  async followMove(storageConfigId: string, fromKey: string, toKey: string, folder: boolean): Promise<void> {
    const { files } = this.repos;
    for (const row of await files.atStorageKey(storageConfigId, fromKey, folder)) {
      const storagePath = `${toKey}${row.storage_path.slice(fromKey.length)}`;
      await files.update(row.id, {
        storage_path: storagePath,
        s3_url: withMovedTail(row.s3_url, `/${encodedKey(row.storage_path)}`, `/${encodedKey(storagePath)}`),
        ...(row.source_path === null
          ? {}
          : {
              source_path: withMovedTail(row.source_path, `/${row.storage_path}`, `/${storagePath}`),
              filename: cleanFilename(nameOf(storagePath)),
            }),
      });
    }
  }
}

/** `value` with its tail `from` replaced by `to`, or unchanged when it does not end so. */
function withMovedTail(value: string | null, from: string, to: string): string | null {
  if (value === null || !value.endsWith(from)) return value;
  return `${value.slice(0, value.length - from.length)}${to}`;
}
