// A share page's first API call, started by the entry (main.tsx) as the page loads, while the
// app's code is still arriving: the answer is on its way by the time the page can show it. The
// API client is handed the answer instead of asking again (see `withFirstRequest`).
//
// A paste's GET counts a view, so the call is started only when the client is sure to make the
// very same one: the paste page's call carries the session's credentials, so it is started only
// when no session is stored. A file share's details go without credentials and count no view.
import { authStorageKeys } from '@machines/auth-storage-keys';
import { pastePageQuery, sharePaths } from '@shared/api/share-paths';
import { endpointPath } from '@shared/http/endpoint';
import { resolveApiBaseUrl } from '../lib/base-url';

type FirstRequest = { url: string; response: Promise<Response> };

let pending: FirstRequest | undefined;

const stored = (storage: Pick<Storage, 'getItem'>, key: string) => (storage.getItem(key)?.trim() ?? '') !== '';

/** The API address a page's first call goes to, or null for a page that starts none. */
export function firstRequestUrl(pathname: string, apiBase: string, storage: Pick<Storage, 'getItem'>): string | null {
  const [, page, slug, ...rest] = pathname.split('/');
  if (slug === undefined || slug === '' || rest.some((segment) => segment !== '')) return null;
  const base = apiBase.replace(/\/+$/, '');
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return null;
  }
  if (page === 'file') return `${base}${endpointPath(sharePaths.publicFile, { slug: decoded })}`;
  if (page !== 'paste' || stored(storage, authStorageKeys.adminToken) || stored(storage, authStorageKeys.apiKey)) return null;
  return `${base}${endpointPath(sharePaths.pasteView, { slug: decoded })}?${new URLSearchParams(pastePageQuery).toString()}`;
}

/** Starts the current page's first call, if it has one. Never throws: the app asks as usual instead. */
export function startFirstRequest(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): void {
  pending = undefined;
  try {
    const storage = window.localStorage;
    const url = firstRequestUrl(window.location.pathname, resolveApiBaseUrl(window.appConfig, storage), storage);
    if (url === null) return;
    const response = fetchImpl(url, { headers: { Accept: 'application/json' } });
    // Left untaken (the visitor moved on first), a failure is nobody's to report.
    response.catch(() => undefined);
    pending = { url, response };
  } catch {
    // No storage (a locked-down browser) or no fetch: the app makes the call itself.
  }
}

function abortedBy(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_, reject) => {
    const abort = () => reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * `fetchImpl`, except that the first GET to the started call's address without credentials gets
 * the started call's answer; it is handed out once. The caller's signal still cuts the wait short.
 */
export function withFirstRequest(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return (input, init) => {
    const started = pending;
    const method = (init?.method ?? 'GET').toUpperCase();
    if (started === undefined || input !== started.url || method !== 'GET' || new Headers(init?.headers).has('Authorization')) {
      return fetchImpl(input, init);
    }
    pending = undefined;
    if (init?.signal === undefined || init.signal === null) return started.response;
    return Promise.race([started.response, abortedBy(init.signal)]);
  };
}
