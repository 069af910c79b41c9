// One folder's entries, a page at a time by cursor: the first page on entry, the next ones as the
// list scrolls near its end (or all of them, when a sort needs the whole folder). No cap on how
// many entries a folder holds (issue 10). Local changes confirmed by the server patch the list.
// What was loaded is kept on this device in idle time; offline, the kept copy shows (issue 11).
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, type ApiErrorInit } from '@shared/api-error';
import type { FsEntry, FsListing } from '@shared/api/fs.schema';
import { toErrorInit } from '@ui/lib/to-error-init';
import { whenIdle } from '@ui/lib/when-idle';
import { findFolderCopy, folderCopyEntries, keepFolderCopy, sameFolderCopy } from './offline-folder-copies';
import type { FsCalls } from './use-fs-calls';

const KEEP_COPY_WAIT_MS = 5_000;

export type FolderState =
  | { status: 'loading' }
  | { status: 'error'; error: ApiErrorInit }
  /**
   * `offlineCopy`: when the listing was saved on this device, for a copy shown without a connection;
   * `offlinePartial`: that copy holds only the folder's first entries.
   */
  | {
      status: 'ready';
      listing: FsListing;
      loadingMore: boolean;
      moreError: ApiErrorInit | null;
      offlineCopy?: number;
      offlinePartial?: boolean;
    };

/** Offline (or the server out of reach): the kept copy of the folder, else the network error. */
async function orKeptCopy(folder: string, error: unknown): Promise<FolderState> {
  const failed: FolderState = { status: 'error', error: toErrorInit(error) };
  if (!isApiError(error) || (error.kind !== 'network' && error.kind !== 'timeout')) return failed;
  const copy = await findFolderCopy(folder).catch(() => null);
  return copy === null
    ? failed
    : {
        status: 'ready',
        listing: copy.listing,
        loadingMore: false,
        moreError: null,
        offlineCopy: copy.savedAt,
        offlinePartial: copy.partial,
      };
}

export type FolderListing = {
  state: FolderState;
  /** Loads the next page when there is one and none is loading. */
  loadMore: () => void;
  /** Keeps loading pages until the folder is complete. */
  loadAll: () => void;
  reload: () => void;
  /** Applies a change the server confirmed (an upload, a rename, a delete). */
  patch: (change: (items: FsEntry[]) => FsEntry[]) => void;
};

export function useFolderListing(calls: FsCalls, folder: string): FolderListing {
  const [state, setState] = useState<FolderState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const wantAll = useRef(false);
  // The folder whose listing the state holds: during a move to another folder the old one shows a moment longer.
  const listed = useRef(folder);
  // The latest state, read and written synchronously so pages and patches never overwrite each other.
  const latest = useRef(state);
  const commit = useCallback((change: (now: FolderState) => FolderState) => {
    latest.current = change(latest.current);
    setState(latest.current);
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    wantAll.current = false;
    commit(() => ({ status: 'loading' }));
    calls.list(folder, null, abort.signal).then(
      (listing) => {
        if (abort.signal.aborted) return;
        listed.current = folder;
        commit(() => ({ status: 'ready', listing, loadingMore: false, moreError: null }));
      },
      (error: unknown) =>
        orKeptCopy(folder, error).then((next) => {
          if (!abort.signal.aborted) commit(() => next);
        }),
    );
    return () => abort.abort();
  }, [calls, folder, attempt, commit]);

  // Every page loaded and every confirmed change is kept, once the browser is idle: the local
  // database is no part of showing the folder. A copy on screen is not written back, nor one the
  // last write already holds (pages past the entries a copy keeps).
  const kept = state.status === 'ready' && state.offlineCopy === undefined ? state.listing : null;
  const written = useRef<{ folder: string; entries: FsEntry[] } | null>(null);
  useEffect(() => {
    if (kept === null) return undefined;
    const of = listed.current;
    return whenIdle(() => {
      const entries = folderCopyEntries(kept);
      const last = written.current;
      if (last !== null && last.folder === of && sameFolderCopy(last.entries, entries)) return;
      keepFolderCopy(of, kept).then(
        () => {
          written.current = { folder: of, entries };
        },
        () => undefined,
      );
    }, KEEP_COPY_WAIT_MS);
  }, [kept]);

  const loadMore = useCallback(() => {
    const current = latest.current;
    const abort = controller.current;
    if (current.status !== 'ready' || current.loadingMore || current.listing.nextCursor === null || abort === null)
      return;
    const cursor = current.listing.nextCursor;
    commit(() => ({ ...current, loadingMore: true, moreError: null }));
    calls.list(folder, cursor, abort.signal).then(
      (page) => {
        if (abort.signal.aborted) return;
        commit((now) => {
          if (now.status !== 'ready') return now;
          const known = new Set(now.listing.items.map((item) => item.path));
          const items = [...now.listing.items, ...page.items.filter((item) => !known.has(item.path))];
          return {
            status: 'ready',
            listing: { ...now.listing, items, nextCursor: page.nextCursor },
            loadingMore: false,
            moreError: null,
          };
        });
        if (wantAll.current) loadMoreRef.current();
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        wantAll.current = false;
        commit((now) => (now.status === 'ready' ? { ...now, loadingMore: false, moreError: toErrorInit(error) } : now));
      },
    );
  }, [calls, folder, commit]);
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;

  const loadAll = useCallback(() => {
    wantAll.current = true;
    loadMoreRef.current();
  }, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const patch = useCallback(
    (change: (items: FsEntry[]) => FsEntry[]) =>
      commit((now) =>
        now.status === 'ready' ? { ...now, listing: { ...now.listing, items: change(now.listing.items) } } : now,
      ),
    [commit],
  );

  return { state, loadMore, loadAll, reload, patch };
}
