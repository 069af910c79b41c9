// A search over the index (at least 2 characters), one page of 50 at a time, and the
// recent searches from the local database.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiErrorInit } from '@shared/api-error';
import { FS_SEARCH_MIN_CHARS, type FsSearchHit } from '@shared/api/fs.schema';
import { toErrorInit } from '@ui/lib/to-error-init';
import { forgetSearches, recentSearches, rememberSearch } from './search-history-store';
import type { FsCalls, SearchRequest } from './use-fs-calls';

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; request: SearchRequest }
  | { status: 'error'; request: SearchRequest; error: ApiErrorInit }
  | {
      status: 'ready';
      request: SearchRequest;
      results: FsSearchHit[];
      total: number;
      totalCapped: boolean;
      hasMore: boolean;
      loadingMore: boolean;
    };

export function isSearchable(query: string): boolean {
  return query.trim().length >= FS_SEARCH_MIN_CHARS;
}

export function useFsSearch(calls: FsCalls) {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [history, setHistory] = useState<string[]>([]);
  const controller = useRef<AbortController | null>(null);

  const refreshHistory = useCallback(() => void recentSearches().then(setHistory), []);

  const run = useCallback(
    (request: SearchRequest) => {
      if (!isSearchable(request.q)) return;
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ status: 'loading', request });
      void rememberSearch(request.q, request.scope).then(refreshHistory);
      calls.search(request, abort.signal).then(
        (page) => {
          if (!abort.signal.aborted)
            setState({
              status: 'ready',
              request,
              results: page.results,
              total: page.total,
              totalCapped: page.totalCapped,
              hasMore: page.hasMore,
              loadingMore: false,
            });
        },
        (error: unknown) => {
          if (!abort.signal.aborted) setState({ status: 'error', request, error: toErrorInit(error) });
        },
      );
    },
    [calls, refreshHistory],
  );

  const latest = useRef(state);
  latest.current = state;
  const more = useCallback(() => {
    const now = latest.current;
    const abort = controller.current;
    if (now.status !== 'ready' || !now.hasMore || now.loadingMore || abort === null) return;
    setState({ ...now, loadingMore: true });
    calls.search({ ...now.request, offset: now.results.length }, abort.signal).then(
      (page) => {
        if (abort.signal.aborted) return;
        setState((later) =>
          later.status === 'ready'
            ? { ...later, results: [...later.results, ...page.results], hasMore: page.hasMore, loadingMore: false }
            : later,
        );
      },
      () => setState((later) => (later.status === 'ready' ? { ...later, loadingMore: false } : later)),
    );
  }, [calls]);

  const clear = useCallback(() => {
    controller.current?.abort();
    setState({ status: 'idle' });
  }, []);

  const clearHistory = useCallback(() => void forgetSearches().then(refreshHistory), [refreshHistory]);

  useEffect(() => () => controller.current?.abort(), []);

  return { state, run, more, clear, history, refreshHistory, clearHistory };
}
