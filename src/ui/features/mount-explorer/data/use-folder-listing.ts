// One folder's entries, a page at a time by cursor: the first page on entry, the next ones as the
// list scrolls near its end (or all of them, when a sort needs the whole folder). No cap on how
// many entries a folder holds (issue 10). Local changes confirmed by the server patch the list.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiErrorInit } from '@shared/api-error';
import type { FsEntry, FsListing } from '@shared/api/fs.schema';
import { toErrorInit } from '@ui/lib/to-error-init';
import type { FsCalls } from './use-fs-calls';

export type FolderState =
  | { status: 'loading' }
  | { status: 'error'; error: ApiErrorInit }
  | { status: 'ready'; listing: FsListing; loadingMore: boolean; moreError: ApiErrorInit | null };

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
        if (!abort.signal.aborted) commit(() => ({ status: 'ready', listing, loadingMore: false, moreError: null }));
      },
      (error: unknown) => {
        if (!abort.signal.aborted) commit(() => ({ status: 'error', error: toErrorInit(error) }));
      },
    );
    return () => abort.abort();
  }, [calls, folder, attempt, commit]);

  const loadMore = useCallback(() => {
    const current = latest.current;
    const abort = controller.current;
    if (current.status !== 'ready' || current.loadingMore || current.listing.nextCursor === null || abort === null) return;
    const cursor = current.listing.nextCursor;
    commit(() => ({ ...current, loadingMore: true, moreError: null }));
    calls.list(folder, cursor, abort.signal).then(
      (page) => {
        if (abort.signal.aborted) return;
        commit((now) => {
          if (now.status !== 'ready') return now;
          const known = new Set(now.listing.items.map((item) => item.path));
          const items = [...now.listing.items, ...page.items.filter((item) => !known.has(item.path))];
          return { status: 'ready', listing: { ...now.listing, items, nextCursor: page.nextCursor }, loadingMore: false, moreError: null };
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
    (change: (items: FsEntry[]) => FsEntry[]) => commit((now) => (now.status === 'ready' ? { ...now, listing: { ...now.listing, items: change(now.listing.items) } } : now)),
    [commit],
  );

  return { state, loadMore, loadAll, reload, patch };
}
