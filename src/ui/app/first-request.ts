// A share page's first API call, started by the entry (main.tsx) as the page loads, while the
// app's code is still arriving: the answer is on its way by the time the page can show it. The
// API client is handed the answer instead of asking again (see `withFirstRequest`).
//
// A paste's GET counts a view, so the call is started only when the client is sure to make the
// very same one: the paste page's call carries the session's credentials, so it is started only
// when no session is stored. A file share's details go without credentials and count no view.
// When they show a text, code or Markdown file the page will preview (no password, an access
// token, no view limit), its preview is asked for next, with that token: the page's own call would
// spend the same one view. A paste page asks with `reveal=ask`, which spends no view of a
// view-limited paste. A page the server rendered came with its answer: no call is started for it
// but a file's preview.
import { hasStoredCredential } from '@machines/auth-storage-keys';
import { pastePageQuery, sharePaths } from '@shared/api/share-paths';
import { endpointPath } from '@shared/http/endpoint';
import { hasTextPreview, previewKind } from '@shared/preview-kind';
import { resolveApiBaseUrl } from '@ui/lib/base-url';
import { peekServerShare } from '@ui/domain/shares/server-share';

/** The calls started for the page, by address, each handed out once. */
const pending = new Map<string, Promise<Response>>();

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
  if (page !== 'paste' || hasStoredCredential(storage)) return null;
  return `${base}${endpointPath(sharePaths.pasteView, { slug: decoded })}?${new URLSearchParams(pastePageQuery).toString()}`;
}

const field = (data: object, name: string): unknown =>
  name in data ? (data as Record<string, unknown>)[name] : undefined;

/**
 * The file page's preview call that a file share's details (`body`, its JSON envelope) make the
 * page ask for, or null: the page previews a text, code or Markdown file through the server when it
 * holds an access token, which comes only without a password.
 */
export function previewRequestUrl(body: unknown, apiBase: string): string | null {
  const data = typeof body === 'object' && body !== null ? field(body, 'data') : undefined;
  if (typeof data !== 'object' || data === null) return null;
  const [slug, filename, mimetype, token] = ['slug', 'filename', 'mimetype', 'access_token'].map((name) =>
    field(data, name),
  );
  if (
    typeof slug !== 'string' ||
    typeof filename !== 'string' ||
    typeof mimetype !== 'string' ||
    typeof token !== 'string'
  )
    return null;
  if (field(data, 'requires_password') !== false || !hasTextPreview(previewKind(mimetype, filename))) return null;
  // A view-limited share's preview spends its view: the page waits for the visitor to ask.
  const maxViews = field(data, 'max_views');
  if (typeof maxViews === 'number' && maxViews > 0) return null;
  return `${apiBase.replace(/\/+$/, '')}${endpointPath(sharePaths.filePreview, { slug })}?${new URLSearchParams({ token }).toString()}`;
}

function start(fetchImpl: typeof fetch, url: string): Promise<Response> {
  const response = fetchImpl(url, { headers: { Accept: 'application/json' } });
  // Left untaken (the visitor moved on first), a failure is nobody's to report.
  response.catch(() => undefined);
  pending.set(url, response);
  return response;
}

/** Starts the current page's first call, if it has one. Never throws: the app asks as usual instead. */
export function startFirstRequest(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): void {
  pending.clear();
  try {
    const storage = window.localStorage;
    const apiBase = resolveApiBaseUrl(window.appConfig, storage);
    // The server rendered this page and sent its answer with it (src/ui/domain/shares/server-share.ts): only
    // a file's preview is left to ask for.
    const served = peekServerShare();
    if (served !== undefined) {
      const preview =
        served.kind === 'file' && served.preview === undefined
          ? previewRequestUrl({ data: served.answer }, apiBase)
          : null;
      if (preview !== null) start(fetchImpl, preview);
      return;
    }
    const url = firstRequestUrl(window.location.pathname, apiBase, storage);
    if (url === null) return;
    const response = start(fetchImpl, url);
    if (window.location.pathname.split('/')[1] !== 'file') return;
    // Registered before the app can take the answer, so the copy is made before its body is read.
    void response
      .then(async (answer) => {
        if (!answer.ok) return;
        const preview = previewRequestUrl(await answer.clone().json(), apiBase);
        if (preview !== null) start(fetchImpl, preview);
      })
      .catch(() => undefined);
  } catch {
    // No storage (a locked-down browser) or no fetch: the app makes the call itself.
  }
}

function abortedBy(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_, reject) => {
    const abort = () =>
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * `fetchImpl`, except that the first GET to a started call's address without credentials gets
 * that call's answer; each is handed out once. The caller's signal still cuts the wait short.
 */
export function withFirstRequest(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return (input, init) => {
    const started = typeof input === 'string' ? pending.get(input) : undefined;
    const method = (init?.method ?? 'GET').toUpperCase();
    if (
      started === undefined ||
      typeof input !== 'string' ||
      method !== 'GET' ||
      new Headers(init?.headers).has('Authorization')
    ) {
      return fetchImpl(input, init);
    }
    pending.delete(input);
    if (init?.signal === undefined || init.signal === null) return started;
    return Promise.race([started, abortedBy(init.signal)]);
  };
}
