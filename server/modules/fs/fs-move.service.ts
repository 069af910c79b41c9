// move: every item's paths are resolved and authorised before any work (both must be writable: a
// key's base path segment by segment; read-only keys never get here). Inside one storage the
// server moves each file itself, a batch of up to 1,000 at a time: the local driver renames; S3
// copies the batch, then deletes its sources in one call. Each file is at all times at its source
// or at its target (during a copy, at both), so a move cut short (a refused object, a crash, a
// kill) loses nothing, and the same request again finishes it: a target that already holds the
// source's bytes only needs the source deleted. Across storages the items are batch-copy's plan
// (fs-batch-copy.service.ts), and move-commit deletes the sources (fs-move-commit.service.ts).
import { Readable } from 'node:stream';
import type { FsBatchCopyResult } from '@shared/api/fs-copy.schema';
import {
  fsMoveRequestSchema,
  type FsMoveDetail,
  type FsMoveRequest,
  type FsMoveResult,
} from '@shared/api/fs-move.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { deleteBatchSize, StorageError, type ListedObject } from '@server/storage/storage-driver';
import type { FsCaller, MountTarget } from './fs-access.service';
import type { FsBatchCopyService } from './fs-batch-copy.service';
import { storageError, treeOf, type CopyPair } from './fs-copy-tree';
import type { FsMovedKeys, MovedFile } from './fs-move-index';
import { wirePath } from '@server/lib/fs-path';
import { fileAt, folderAt, probe } from '@server/storage/object-probe';
import { onStorage } from '@server/storage/on-storage';
import type { FsUploadCore } from './fs-upload-core';
import type { FsFollower } from './fs.types';

const concurrency = 8;
const folderType = 'application/x-directory';

type Outcome = Omit<FsMoveDetail, 'sourcePath' | 'targetPath'>;
type Tally = { moved: number; skipped: number; failures: unknown[] };

export class FsMoveService {
  constructor(
    private readonly core: FsUploadCore,
    private readonly keys: FsMovedKeys,
    private readonly copies: FsBatchCopyService,
    private readonly followers?: FsFollower,
  ) {}

  async move(caller: FsCaller, input: FsMoveRequest, origin: string): Promise<FsMoveResult> {
    const { items, skipExisting } = fsMoveRequestSchema.parse(input);
    const pairs: CopyPair[] = [];
    for (const [i, item] of items.entries()) {
      const from = await this.core.access.writable(caller, item.sourcePath, `items[${i}].sourcePath`);
      const to = await this.core.access.writable(caller, item.targetPath, `items[${i}].targetPath`);
      if (from.key === '' || to.key === '')
        throw new AppError(ErrorCode.BadRequest, `items[${i}]: a mount's root cannot be moved or replaced`);
      const inside = to.key === from.key || to.key.startsWith(`${from.key}/`);
      if (to.config.id === from.config.id && inside)
        throw new AppError(
          ErrorCode.BadRequest,
          `items[${i}]: a file or folder cannot be moved onto itself or into itself`,
        );
      pairs.push({ from, to });
    }
    const details: FsMoveDetail[] = [];
    const across = pairs.filter((pair) => pair.to.config.id !== pair.from.config.id);
    for (const pair of pairs) {
      if (pair.to.config.id !== pair.from.config.id) continue;
      const detail = { sourcePath: wirePath(pair.from.path, false), targetPath: wirePath(pair.to.path, false) };
      try {
        details.push({ ...detail, ...(await this.#moveInside(pair, skipExisting)) });
      } catch (error) {
        details.push({ ...detail, ...failed(error) });
      }
    }
    const planned = await this.#plan(caller, across, skipExisting, origin);
    details.push(...planned.details);
    const failures = details.filter((detail) => detail.status === 'failed');
    // Nothing moved at all: the first item's reason is the answer (a clear 4xx such as a 409).
    const [first] = failures;
    const nothing = failures.length === details.length && details.every((detail) => detail.files === 0);
    if (first !== undefined && nothing && first.code !== undefined)
      throw new AppError(first.code, first.error ?? 'move failed');
    return {
      success: details.filter((detail) => detail.status === 'moved').length,
      skipped: details.filter((detail) => detail.status === 'skipped').length,
      failed: failures.length,
      details,
      requiresClientSideCopy: planned.crossStorageResults.length > 0,
      crossStorageResults: planned.crossStorageResults,
    };
  }

  /** Across storages: batch-copy's plan (upload reservations, target folders made) for the client to carry. */
  async #plan(
    caller: FsCaller,
    pairs: readonly CopyPair[],
    skipExisting: boolean,
    origin: string,
  ): Promise<Pick<FsMoveResult, 'details' | 'crossStorageResults'>> {
    if (pairs.length === 0) return { details: [], crossStorageResults: [] };
    const items = pairs.map(({ from, to }) => ({ sourcePath: from.path, targetPath: to.path }));
    let planned: FsBatchCopyResult;
    try {
      planned = await this.copies.batchCopy(caller, { items, skipExisting }, origin);
    } catch (error) {
      const reason = failed(error);
      return {
        details: items.map((item) => ({ ...item, ...reason })),
        crossStorageResults: [],
      };
    }
    return {
      details: planned.details.map((detail) => ({
        ...detail,
        status: detail.status === 'copied' ? 'moved' : detail.status,
      })),
      crossStorageResults: planned.crossStorageResults,
    };
  }

  async #moveInside({ from, to }: CopyPair, skipExisting: boolean): Promise<Outcome> {
    const found = await probe(from, this.#log);
    if (found === null) throw new AppError(ErrorCode.NotFound, 'the source file or folder was not found');
    if ((await folderAt(to, keyParent(to.key), this.#log)) === null)
      throw new AppError(ErrorCode.Conflict, 'the parent folder of the target does not exist');
    if (found.kind === 'file') {
      if ((await folderAt(to, to.key, this.#log)) !== null)
        throw new AppError(ErrorCode.Conflict, 'a folder exists where the file would go');
      const target = await fileAt(to, to.key, this.#log);
      const source = {
        key: from.key,
        size: found.head.size,
        etag: found.head.etag,
        lastModified: found.head.lastModified,
      };
      const there =
        target === null ? undefined : { key: to.key, size: target.size, etag: target.etag, lastModified: null };
      const tally = await this.#batch(
        from,
        to,
        [source],
        new Map(there === undefined ? [] : [[to.key, there]]),
        skipExisting,
      );
      return outcome(false, tally, 1);
    }
    if ((await fileAt(to, to.key, this.#log)) !== null)
      throw new AppError(ErrorCode.Conflict, 'a file exists where the folder would go');
    const objects = await treeOf(from, from.key, this.#log);
    const existing = new Map((await treeOf(to, to.key, this.#log)).map((object) => [object.key, object]));
    // The structure first: every folder exists at the target before any file goes there.
    const markers = objects.filter((o) => o.key.endsWith('/')).map((o) => targetOf(from, to, o.key));
    const missing = markers.filter((key) => !existing.has(key));
    if ((await folderAt(to, to.key, this.#log)) === null) missing.unshift(`${to.key}/`);
    for (let i = 0; i < missing.length; i += concurrency)
      await Promise.all(
        missing
          .slice(i, i + concurrency)
          .map((key) => this.#storage(to, () => to.driver.putObject(key, Readable.from([]), folderType))),
      );
    await this.keys.foldersMade(to, missing);
    const files = objects.filter((object) => !object.key.endsWith('/'));
    const tally: Tally = { moved: 0, skipped: 0, failures: [] };
    for (let i = 0; i < files.length; i += deleteBatchSize) {
      const done = await this.#batch(from, to, files.slice(i, i + deleteBatchSize), existing, skipExisting);
      tally.moved += done.moved;
      tally.skipped += done.skipped;
      tally.failures.push(...done.failures);
    }
    // The source folders go only when no file is left below them.
    if (tally.skipped === 0 && tally.failures.length === 0) {
      const sourceMarkers = [`${from.key}/`, ...objects.filter((o) => o.key.endsWith('/')).map((o) => o.key)];
      const deepestFirst = [...new Set(sourceMarkers)].sort((a, b) => b.length - a.length);
      await this.#storage(from, () => from.driver.deleteMany(deepestFirst));
      await this.keys.sourceRemoved(from);
    }
    return outcome(true, tally, files.length);
  }

  /**
   * One batch: decided per file (a target holding the same bytes means an earlier move got that
   * far: only its source is deleted), the index updated first, then storage; a file storage
   * refused goes back to its source in the index.
   */
  async #batch(
    from: MountTarget,
    to: MountTarget,
    sources: readonly ListedObject[],
    existing: ReadonlyMap<string, ListedObject>,
    skipExisting: boolean,
  ): Promise<Tally> {
    const moving: MovedFile[] = [];
    let skipped = 0;
    for (const source of sources) {
      const targetKey = source.key === from.key ? to.key : targetOf(from, to, source.key);
      const there = existing.get(targetKey);
      const done = there !== undefined && (await this.#same(from, source, to, there));
      if (there !== undefined && !done && skipExisting) skipped += 1;
      else moving.push({ fromKey: source.key, toKey: targetKey, object: source, done });
    }
    await this.keys.applyMovedKeys(from, to, moving);
    const refused = new Set<MovedFile>();
    const failures: unknown[] = [];
    const refuse = (file: MovedFile, error: unknown) => {
      refused.add(file);
      failures.push(error);
    };
    const { rename } = from.driver;
    if (rename !== undefined) {
      await inGroups(moving, async (file) => {
        try {
          await this.#storage(from, () =>
            file.done ? from.driver.deleteMany([file.fromKey]) : rename.call(from.driver, file.fromKey, file.toKey),
          );
        } catch (error) {
          refuse(file, error);
        }
      });
    } else {
      await inGroups(
        moving.filter((file) => !file.done),
        async (file) => {
          try {
            await this.#storage(from, () => from.driver.copy(file.fromKey, file.toKey, file.object.size));
          } catch (error) {
            refuse(file, error);
          }
        },
      );
      const copied = moving.filter((file) => !refused.has(file));
      try {
        await this.#storage(from, () => from.driver.deleteMany(copied.map((file) => file.fromKey)));
      } catch (error) {
        // Every file of the batch is now at its target, and still at its source: a new run ends it.
        for (const file of copied) refuse(file, error);
      }
    }
    const back = moving.filter((file) => refused.has(file) && !file.done);
    if (back.length > 0) await this.keys.applyMovedKeys(to, from, back.map(reversed));
    // Thumbnails follow the files that moved (the follower logs its own failures; a missing one is made again).
    for (const file of moving)
      if (!refused.has(file)) await this.followers?.moved(from, file.fromKey, file.toKey, false);
    return { moved: moving.length - refused.size, skipped, failures };
  }

  /** Whether the target holds the source's very bytes: same size and ETag (read again when a listing has none). */
  async #same(from: MountTarget, source: ListedObject, to: MountTarget, there: ListedObject): Promise<boolean> {
    if (source.size !== there.size) return false;
    const sourceEtag = source.etag ?? (await fileAt(from, source.key, this.#log))?.etag ?? null;
    const targetEtag = there.etag ?? (await fileAt(to, there.key, this.#log))?.etag ?? null;
    return sourceEtag !== null && sourceEtag === targetEtag;
  }

  #storage<T>(target: MountTarget, call: () => Promise<T>): Promise<T> {
    return onStorage(target.storage, this.#log, call);
  }

  get #log() {
    return this.core.logger;
  }
}

function targetOf(from: MountTarget, to: MountTarget, key: string): string {
  return `${to.key}/${key.slice(from.key.length + 1)}`;
}

function reversed(file: MovedFile): MovedFile {
  return { ...file, fromKey: file.toKey, toKey: file.fromKey };
}

function keyParent(key: string): string {
  const cut = key.lastIndexOf('/');
  return cut === -1 ? '' : key.slice(0, cut);
}

async function inGroups<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += concurrency) await Promise.all(items.slice(i, i + concurrency).map(run));
}

function outcome(isDirectory: boolean, { moved, skipped, failures }: Tally, total: number): Outcome {
  const done = { isDirectory, files: moved, skippedFiles: skipped };
  const [failure] = failures;
  if (failure !== undefined) {
    const reason = moveError(failure);
    const message = isDirectory
      ? `${failures.length} of ${total} files could not be moved (they are still at their source): ${reason.message}`
      : reason.message;
    return { ...done, status: 'failed', code: reason.code, error: message };
  }
  return { ...done, status: moved === 0 && skipped > 0 ? 'skipped' : 'moved' };
}

function failed(error: unknown): Outcome {
  const { code, message } = moveError(error);
  return { status: 'failed', isDirectory: false, files: 0, skippedFiles: 0, code, error: message };
}

function moveError(error: unknown): { code: ErrorCode; message: string } {
  if (error instanceof StorageError && error.kind === 'conflict')
    return { code: ErrorCode.Conflict, message: error.message };
  const reason = storageError(error);
  return reason.code === ErrorCode.Internal ? { ...reason, message: 'the move failed' } : reason;
}
