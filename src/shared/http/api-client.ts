// The one HTTP client of every browser-side caller (the page and the transfer worker): the auth
// header, the time-outs (30 s, 5 min for chunks), the envelope check against the endpoint's reply
// schema, and failures as ApiError decided by ErrorCode. It never toasts or redirects; rejected
// ambient credentials are reported through `onAuthExpired`, and the auth machine decides.
import * as z from 'zod/mini';
import { ApiError } from '@shared/api-error';
import { envelopeSchema } from '@shared/envelope';
import { CHUNK_UPLOAD_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '@shared/limits';
import {
  endpointAddress,
  isRawBody,
  type BodyOf,
  type EndpointSpec,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
  type Schema,
} from './endpoint';
import { expiredCredentialOf, failureOf, type ExpiredCredential } from './failure';

export type Credentials = { scheme: 'admin'; token: string } | { scheme: 'apikey'; key: string };

export function authorizationOf(credentials: Credentials): string {
  return credentials.scheme === 'admin' ? `Bearer ${credentials.token}` : `ApiKey ${credentials.key}`;
}

export type ApiClientDeps = {
  fetch?: typeof fetch;
  /** Read per request, so a changed backend setting applies at once; for example `/api`. */
  baseUrl: () => string;
  getCredentials: () => Credentials | null;
  /** Ambient credentials were refused as expired or invalid. */
  onAuthExpired: (credential: ExpiredCredential) => void;
};

/** Fields that are `undefined` when the endpoint takes none may be left out. */
type Inputs<E extends EndpointSpec> = (ParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> });

export type CallOptions<E extends EndpointSpec> = Inputs<E> & {
  signal?: AbortSignal;
  /** Overrides the endpoint's time-out. */
  timeoutMs?: number;
  /** Explicit credentials (or none) instead of the session's; their rejection is the caller's to handle. */
  credentials?: Credentials | 'none';
  /** Extra headers such as Idempotency-Key; Accept, Authorization and Content-Type stay the client's. */
  headers?: Record<string, string>;
};

export type ApiClient = {
  call<E extends EndpointSpec>(endpoint: E, options: CallOptions<E>): Promise<ReplyOf<E>>;
  /** The absolute or origin-relative address of an endpoint, for links and raw replies. */
  url<E extends EndpointSpec>(endpoint: E, inputs: Pick<Inputs<E>, 'params' | 'query'>): string;
  /** A raw reply (an image) with the session's credentials: a 2xx Response unread; a failure as call()'s ApiError. */
  raw<E extends EndpointSpec>(endpoint: E, options: CallOptions<E>): Promise<Response>;
};

const SUCCESS_CODES = new Set([200, 201, 202]);
// The envelope is checked first, then its data against the endpoint's schema.
const anyEnvelope = envelopeSchema(z.unknown());

/** The time-out an endpoint's calls get: 5 minutes for chunk uploads, 30 s for the rest. */
export function timeoutMsOf(endpoint: Pick<EndpointSpec, 'timeout'>): number {
  return endpoint.timeout === 'chunk' ? CHUNK_UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
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

  const address = (endpoint: EndpointSpec, inputs: { params?: unknown; query?: unknown }) =>
    endpointAddress(deps.baseUrl(), endpoint, inputs);

  async function call<E extends EndpointSpec>(endpoint: E, options: CallOptions<E>): Promise<ReplyOf<E>> {
    const credentials = options.credentials ?? deps.getCredentials() ?? 'none';
    const ambient = options.credentials === undefined;
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    headers.delete('Authorization');
    if (credentials !== 'none') headers.set('Authorization', authorizationOf(credentials));
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isRawBody(endpoint.body)) {
        body = options.body as BodyInit;
        if (endpoint.body.kind !== 'form') headers.set('Content-Type', endpoint.body.contentType);
      } else {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(options.body);
      }
    }

    const controller = new AbortController();
    let timedOut = false;
    const timeoutMs = options.timeoutMs ?? timeoutMsOf(endpoint);
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort();
    options.signal?.addEventListener('abort', forwardAbort);

    let response: Response;
    let parsed: unknown;
    try {
      if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      response = await doFetch(address(endpoint, options), {
        method: endpoint.method,
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
      const schema = endpoint.reply as Schema;
      const data = envelope.success ? z.safeParse(schema, envelope.data.data) : undefined;
      if (data?.success) return data.data as ReplyOf<E>;
      throw new ApiError({ kind: 'bad-response', status: response.status });
    }

    const error = failureOf(
      response.ok && bodyCode !== undefined ? bodyCode : response.status,
      parsed,
      response.headers.get('retry-after'),
    );
    const expired = expiredCredentialOf(error.code);
    if (expired !== undefined && ambient && credentials !== 'none' && credentials.scheme === expired)
      deps.onAuthExpired(expired);
    throw error;
  }

  async function raw<E extends EndpointSpec>(endpoint: E, options: CallOptions<E>): Promise<Response> {
    const credentials = options.credentials ?? deps.getCredentials() ?? 'none';
    const headers = new Headers(options.headers);
    headers.delete('Authorization');
    if (credentials !== 'none') headers.set('Authorization', authorizationOf(credentials));
    let response: Response;
    try {
      response = await doFetch(address(endpoint, options), {
        method: endpoint.method,
        headers,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch {
      throw new ApiError({ kind: options.signal?.aborted ? 'cancelled' : 'network' });
    }
    if (response.ok) return response;
    const error = failureOf(
      response.status,
      await readBody(response).catch(() => undefined),
      response.headers.get('retry-after'),
    );
    const expired = expiredCredentialOf(error.code);
    if (
      expired !== undefined &&
      options.credentials === undefined &&
      credentials !== 'none' &&
      credentials.scheme === expired
    )
      deps.onAuthExpired(expired);
    throw error;
  }

  return { call, url: address, raw };
}
