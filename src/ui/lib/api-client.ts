// The single HTTP boundary of the UI: every call gets credentials, a time-out and a zod-checked
// envelope here, and every failure leaves as an ApiError. It never toasts or redirects.
import { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '@shared/limits';
import { ApiError } from '@shared/api-error';
import { envelopeSchema } from '@shared/envelope';
import { createApiClient as createSharedClient, type ApiClient as SharedApiClient, type Credentials } from '@shared/http/api-client';
import { failureFromExchange, type CredentialScheme, type RequestPurpose } from './api-failure';

export type { Credentials };

export type ApiClientDeps = {
  fetch?: typeof fetch;
  /** Read per request so a changed backend setting applies at once. */
  baseUrl: () => string;
  getCredentials: () => Credentials | null;
  /** Called when ambient credentials were rejected; the auth machine decides what follows. */
  onAuthExpired: (scheme: CredentialScheme) => void;
};

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<S extends z.ZodType> = {
  schema: S;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Plain values are sent as JSON; FormData, Blob and buffers are sent as they are. */
  body?: unknown;
  signal?: AbortSignal;
  /** Defaults to REQUEST_TIMEOUT_MS; chunk uploads pass CHUNK_UPLOAD_TIMEOUT_MS. */
  timeoutMs?: number;
  purpose?: RequestPurpose;
  /** Explicit credentials (or none) instead of the session's; their rejection is the caller's to handle. */
  credentials?: Credentials | 'none';
  /** Extra request headers such as Idempotency-Key; Accept, Authorization and a JSON Content-Type stay the client's. */
  headers?: Record<string, string>;
};

export type ApiClient = SharedApiClient & {
  request<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.infer<S>>;
};

const SUCCESS_CODES = new Set([200, 201, 202]);
// The envelope is checked first, then its data against the caller's schema, so types stay generic.
const anyEnvelope = envelopeSchema(z.unknown());

function authorizationHeader(credentials: Credentials): string {
  return credentials.scheme === 'admin' ? `Bearer ${credentials.token}` : `ApiKey ${credentials.key}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof URLSearchParams
  );
}

function buildUrl(base: string, path: string, query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!/\bjson\b/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function codeOf(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return typeof body.code === 'number' ? body.code : undefined;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));

  async function request<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.infer<S>> {
    const credentials = options.credentials ?? deps.getCredentials() ?? 'none';
    const ambient = options.credentials === undefined;
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    headers.delete('Authorization');
    if (credentials !== 'none') headers.set('Authorization', authorizationHeader(credentials));
    let body: BodyInit | undefined;
    if (isRawBody(options.body)) body = options.body;
    else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const forwardAbort = () => controller.abort();
    options.signal?.addEventListener('abort', forwardAbort);

    let response: Response;
    let parsed: unknown;
    try {
      if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      response = await doFetch(buildUrl(deps.baseUrl(), path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: controller.signal,
      });
      parsed = await readBody(response);
    } catch {
      if (timedOut) throw new ApiError({ kind: 'timeout' });
      if (controller.signal.aborted || options.signal?.aborted) throw new ApiError({ kind: 'cancelled' });
      throw new ApiError({ kind: 'network' });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
    }

    const bodyCode = codeOf(parsed);
    if (response.ok && (bodyCode === undefined || SUCCESS_CODES.has(bodyCode))) {
      const envelope = anyEnvelope.safeParse(parsed);
      const data = envelope.success ? options.schema.safeParse(envelope.data.data) : undefined;
      if (data?.success) return data.data;
      throw new ApiError({ kind: 'bad-response', status: response.status });
    }

    const failure = failureFromExchange({
      status: response.ok && bodyCode !== undefined ? bodyCode : response.status,
      body: parsed,
      retryAfterHeader: response.headers.get('retry-after'),
      path,
      purpose: options.purpose,
      scheme: credentials === 'none' ? undefined : credentials.scheme,
    });
    if (failure.expired && ambient) deps.onAuthExpired(failure.expired);
    throw failure.error;
  }

  return { ...createSharedClient(deps), request };
}
