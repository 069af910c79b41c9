// Loads one paste for its view page and unlocks it with a password. A GET counts a view, so each
// slug is requested once per page even when React runs effects twice in development.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PasteView } from '../../../../shared/api/paste.schema';
import { isApiError, type ApiErrorInit } from '../../../../shared/api-error';
import { unlockPaste, viewPaste } from '../../../lib/api/pastes';
import type { PasteFormat } from '../lib/paste-format';
import type { PastesApi } from '../lib/use-pastes-api';

export type OpenPaste = PasteView & { content: string };

export type PasteViewState =
  | { status: 'loading' }
  | { status: 'locked'; meta: PasteView; unlocking: boolean; error: ApiErrorInit | null }
  | { status: 'ready'; paste: OpenPaste; format: PasteFormat }
  | { status: 'missing' }
  | { status: 'gone' }
  | { status: 'failed'; error: ApiErrorInit };

const toError = (error: unknown): ApiErrorInit => (isApiError(error) ? error.toJSON() : { kind: 'bad-response' });

function failedState(error: unknown): PasteViewState {
  const init = toError(error);
  if (init.kind === 'not-found') return { status: 'missing' };
  if (init.kind === 'gone') return { status: 'gone' };
  return { status: 'failed', error: init };
}

async function opened(view: PasteView): Promise<PasteViewState> {
  if (view.content === undefined) return { status: 'locked', meta: view, unlocking: false, error: null };
  const format = await import('../lib/paste-format-store').then((store) => store.formatOf(view.slug)).catch(() => 'markdown' as const);
  return { status: 'ready', paste: { ...view, content: view.content }, format };
}

export function usePasteView(client: PastesApi, slug: string) {
  const [state, setState] = useState<PasteViewState>({ status: 'loading' });
  const requested = useRef<string | null>(null);
  const current = useRef(slug);

  useEffect(() => {
    current.current = slug;
  }, [slug]);

  const settle = useCallback((forSlug: string, next: PasteViewState) => {
    if (current.current === forSlug) setState(next);
  }, []);

  const load = useCallback(() => {
    requested.current = slug;
    setState({ status: 'loading' });
    viewPaste(client.api, slug).then(opened, failedState).then((next) => settle(slug, next));
  }, [client, slug, settle]);

  useEffect(() => {
    if (requested.current !== slug) load();
  }, [slug, load]);

  const unlock = useCallback(
    (password: string) => {
      if (state.status !== 'locked') return;
      const { meta } = state;
      setState({ status: 'locked', meta, unlocking: true, error: null });
      unlockPaste(client.api, slug, password)
        .then(opened, (error: unknown) => {
          const next = failedState(error);
          return next.status === 'failed' ? { status: 'locked' as const, meta, unlocking: false, error: next.error } : next;
        })
        .then((next) => settle(slug, next));
    },
    [client, slug, state, settle],
  );

  const replace = useCallback((paste: OpenPaste) => {
    setState((previous) => (previous.status === 'ready' ? { ...previous, paste } : previous));
  }, []);

  return { state, unlock, retry: load, replace };
}
