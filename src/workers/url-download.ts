// Opens the body of a URL upload's source: the browser fetches it directly first, and
// on a network or cross-origin failure asks the server's proxy. An HTTP error from the source is
// final: the proxy would get the same answer.
import { urlProxy } from '@shared/api/url-upload.endpoints';
import { authorizationOf, createApiClient } from '@shared/http/api-client';
import { failureOf } from '@shared/http/failure';
import { cancelled, failure } from './failures';
import type { DownloadSource, TransferConnection, TransferFailure } from './protocol';

export type OpenedDownload = { ok: true; body: ReadableStream<Uint8Array>; source: DownloadSource };

export type DownloadDeps = { fetch: typeof globalThis.fetch; connection: TransferConnection };

async function readError(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The proxy's refusal as a failure, decided by its ErrorCode. */
async function proxyFailure(response: Response): Promise<TransferFailure> {
  const error = failureOf(response.status, await readError(response), response.headers.get('retry-after'));
  const extra = {
    status: error.upstreamStatus ?? error.status ?? response.status,
    ...(error.code === undefined ? {} : { errorCode: error.code }),
    ...(error.serverMessage === undefined ? {} : { message: error.serverMessage }),
  };
  switch (error.code) {
    case 'URL_NOT_ALLOWED':
      return failure('url-not-allowed', extra);
    case 'URL_FETCH_FAILED':
      return error.upstreamStatus === undefined
        ? failure('url-unreachable', { ...extra, retryable: true })
        : failure('url-fetch-failed', extra);
    case 'PAYLOAD_TOO_LARGE':
      return failure('too-large', extra);
    case 'TOKEN_EXPIRED':
    case 'API_KEY_INVALID':
    case 'UNAUTHORIZED':
      return failure('unauthorized', extra);
    case 'FORBIDDEN':
      return failure('forbidden', extra);
    default:
      return failure('url-unreachable', extra);
  }
}

async function throughProxy(
  url: string,
  deps: DownloadDeps,
  signal: AbortSignal,
): Promise<OpenedDownload | TransferFailure> {
  const { connection } = deps;
  const address = createApiClient({
    baseUrl: () => connection.baseUrl,
    getCredentials: () => null,
    onAuthExpired: () => undefined,
  }).url(urlProxy, { query: { url } });
  const headers: Record<string, string> =
    connection.credentials === null ? {} : { Authorization: authorizationOf(connection.credentials) };
  let response: Response;
  try {
    response = await deps.fetch(address, { headers, signal });
  } catch {
    if (signal.aborted) return cancelled();
    return failure('network', { retryable: true, message: 'network error while reaching the proxy' });
  }
  if (!response.ok || response.body === null) return proxyFailure(response);
  return { ok: true, body: response.body, source: 'proxy' };
}

export async function openDownload(
  url: string,
  deps: DownloadDeps,
  signal: AbortSignal,
): Promise<OpenedDownload | TransferFailure> {
  let response: Response;
  try {
    response = await deps.fetch(url, { mode: 'cors', credentials: 'omit', redirect: 'follow', signal });
  } catch {
    if (signal.aborted) return cancelled();
    // A TypeError: the network failed or the source does not allow this origin (CORS).
    return throughProxy(url, deps, signal);
  }
  if (!response.ok || response.body === null) {
    await response.body?.cancel().catch(() => undefined);
    return failure('url-fetch-failed', {
      status: response.status,
      message: `failed to fetch URL content: HTTP ${response.status}`,
    });
  }
  return { ok: true, body: response.body, source: 'direct' };
}
