// One page of the paste management list. The admin pages through /admin/pastes; an API key
// through /user/pastes by offset. Both become the same page shape here, ten items a page.
import { useCallback, useEffect, useState } from 'react';
import type { PasteListItem } from '@shared/api/paste.schema';
import { isApiError, type ApiErrorInit } from '@shared/api-error';
import type { ApiClient } from '@shared/http/api-client';
import { listAdminPastes, listUserPastes } from '@shared/api/paste.endpoints';
import type { PasteScope } from '@ui/features/pastes/data/paste-scope';

export const PAGE_SIZE = 10;

export type PasteListPage = { items: PasteListItem[]; total: number; totalPages: number };
export type PasteListState =
  | { status: 'loading'; previous: PasteListPage | null }
  | { status: 'ready'; data: PasteListPage }
  | { status: 'failed'; error: ApiErrorInit };

async function fetchPage(api: ApiClient, scope: PasteScope, page: number, signal: AbortSignal): Promise<PasteListPage> {
  if (scope === 'admin') {
    const { items, pagination } = await api.call(listAdminPastes, { query: { page, limit: PAGE_SIZE }, signal });
    return { items, total: pagination.total, totalPages: pagination.totalPages };
  }
  const { items, pagination } = await api.call(listUserPastes, {
    query: { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    signal,
  });
  return { items, total: pagination.total, totalPages: Math.ceil(pagination.total / PAGE_SIZE) };
}

export function usePasteList(api: ApiClient, scope: PasteScope) {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<PasteListState>({ status: 'loading', previous: null });

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ status: 'loading', previous: current.status === 'ready' ? current.data : null }));
    fetchPage(api, scope, page, controller.signal).then(
      (data) => {
        if (data.items.length === 0 && page > 1 && data.totalPages > 0) setPage(Math.min(page - 1, data.totalPages));
        else setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', error: isApiError(error) ? error.toJSON() : { kind: 'bad-response' } });
      },
    );
    return () => controller.abort();
  }, [api, scope, page, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { page, setPage, state, reload };
}
