import { useEffect, useState } from 'react';
import type { PasteDetail } from '@shared/api/paste.schema';
import { isApiError, type ApiErrorInit } from '@shared/api-error';
import type { ApiClient } from '@shared/http/api-client';
import { pasteEndpointsOf, type PasteScope } from './paste-scope';

export type PasteDetailState = { paste: PasteDetail | null; error: ApiErrorInit | null };

/** One paste with its content, for the edit dialog. */
export function usePasteDetail(api: ApiClient, scope: PasteScope, id: string): PasteDetailState {
  const [state, setState] = useState<PasteDetailState>({ paste: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    api.call(pasteEndpointsOf(scope).get, { params: { id }, signal: controller.signal }).then(
      (paste) => setState({ paste, error: null }),
      (e: unknown) => {
        if (!controller.signal.aborted)
          setState({ paste: null, error: isApiError(e) ? e.toJSON() : { kind: 'bad-response' } });
      },
    );
    return () => controller.abort();
  }, [api, scope, id]);
  return state;
}
