// Counts the basket's folders in the background, so the large-download warning covers them
// (spec §1, §9: warn before large and very large totals). Each folder is listed at every depth
// through `fs list` and its cursor pages, as the ZIP worker lists it, with at most a few calls in
// flight across every count; removing the entry or clearing the basket cancels its count. A count
// that fails leaves the folder to download uncounted, and is tried again on the next page load.
import { fsEndpointsOf } from '@shared/api/fs.endpoints';
import { FS_LIST_MAX_LIMIT, type FsListing } from '@shared/api/fs.schema';
import { ApiError, isApiError } from '@shared/api-error';
import type { ApiClient } from '@shared/http/api-client';
import type { FolderCount } from '@db/basket';
import type { BasketItemDoc } from '@db/schemas/basket.schema';

/** List calls in flight at once, across every folder being counted. */
export const FOLDER_COUNT_CONCURRENCY = 2;

export type Limit = <T>(task: () => Promise<T>, signal: AbortSignal) => Promise<T>;

const cancelled = () => new ApiError({ kind: 'cancelled' });

/** Runs at most `max` tasks at a time, the others in line; one whose signal aborts leaves the line. */
export function createLimit(max: number): Limit {
  let active = 0;
  const waiting: (() => void)[] = [];
  const turn = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const go = () => {
        signal.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = waiting.indexOf(go);
        if (at >= 0) waiting.splice(at, 1);
        reject(cancelled());
      };
      waiting.push(go);
      signal.addEventListener('abort', leave, { once: true });
    });
  return async (task, signal) => {
    for (;;) {
      if (signal.aborted) throw cancelled();
      if (active < max) break;
      await turn(signal);
    }
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

export type FolderSize = { bytes: number; files: number };

/** The bytes and files below a folder at every depth; sub-folders are listed side by side as the limit allows. */
export async function countFolder(
  client: ApiClient,
  folder: { scope: 'admin' | 'user'; path: string },
  options: { limit: Limit; signal: AbortSignal },
): Promise<FolderSize> {
  const fs = fsEndpointsOf(folder.scope);
  const inner = new AbortController();
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
    inner.abort();
  };
  const forward = () => inner.abort();
  if (options.signal.aborted) inner.abort();
  options.signal.addEventListener('abort', forward, { once: true });
  const size: FolderSize = { bytes: 0, files: 0 };

  const walk = async (path: string): Promise<void> => {
    const below: Promise<void>[] = [];
    let cursor: string | null = null;
    do {
      const query = { path, limit: FS_LIST_MAX_LIMIT, ...(cursor === null ? {} : { cursor }) };
      const page: FsListing = await options.limit(
        () => client.call(fs.list, { query, signal: inner.signal }),
        inner.signal,
      );
      for (const item of page.items) {
        if (!item.isDirectory) {
          size.bytes += item.size ?? 0;
          size.files += 1;
          continue;
        }
        const child = walk(item.path);
        // The first failure anywhere stops the whole count at once.
        child.catch(fail);
        below.push(child);
      }
      cursor = page.nextCursor;
    } while (cursor !== null);
    await Promise.all(below);
  };

  try {
    await walk(folder.path);
    return size;
  } catch (error) {
    fail(error);
    throw options.signal.aborted ? cancelled() : failure;
  } finally {
    options.signal.removeEventListener('abort', forward);
  }
}

export type BasketSizerDeps = {
  client: ApiClient;
  /** Records a count on the entry (the local database); the entry may be gone by then. */
  save: (entry: Pick<BasketItemDoc, 'id' | 'addedAt'>, count: FolderCount) => Promise<void>;
  concurrency?: number;
};

export type BasketSizer = {
  /** Given the basket as it is now: counts folders of unknown size, cancels counts of entries no longer there. */
  sync(items: readonly BasketItemDoc[]): void;
  /** Cancels every count; the next `sync` starts them again. */
  stop(): void;
};

export function createBasketSizer(deps: BasketSizerDeps): BasketSizer {
  const limit = createLimit(deps.concurrency ?? FOLDER_COUNT_CONCURRENCY);
  const running = new Map<string, AbortController>();
  /** Counted or failed on this page: a stale copy of the basket never starts them again. */
  const settled = new Set<string>();
  // The id and the moment it joined: an entry removed and added again is counted afresh.
  const keyOf = (item: Pick<BasketItemDoc, 'id' | 'addedAt'>) => `${item.addedAt}|${item.id}`;

  async function count(item: BasketItemDoc, key: string, controller: AbortController): Promise<void> {
    const save = (outcome: FolderCount) => deps.save(item, outcome).catch(() => undefined);
    // A count that failed on an earlier page load is shown as counting again while it is retried.
    if (item.sizeError !== null) await save({ kind: 'counting' });
    let outcome: FolderCount;
    try {
      outcome = {
        kind: 'counted',
        ...(await countFolder(
          deps.client,
          { scope: item.scope === 'user' ? 'user' : 'admin', path: item.path },
          { limit, signal: controller.signal },
        )),
      };
    } catch (error) {
      outcome = { kind: 'failed', error: isApiError(error) ? error.kind : 'network' };
    }
    if (controller.signal.aborted) return;
    settled.add(key);
    await save(outcome);
    if (running.get(key) === controller) running.delete(key);
  }

  return {
    sync(items) {
      const present = new Set(items.map(keyOf));
      for (const [key, controller] of running) {
        if (present.has(key)) continue;
        controller.abort();
        running.delete(key);
      }
      for (const item of items) {
        const key = keyOf(item);
        if (item.source !== 'fs' || !item.isDirectory || item.size !== null || running.has(key) || settled.has(key))
          continue;
        const controller = new AbortController();
        running.set(key, controller);
        void count(item, key, controller);
      }
    },
    stop() {
      for (const controller of running.values()) controller.abort();
      running.clear();
    },
  };
}
