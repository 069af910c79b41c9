// Fetches a URL on a user's behalf through the address guard: http and https only, redirects
// followed by hand (at most 5, each hop checked again), one deadline for every hop and the whole
// body, and a body cap. The body is streamed to the caller, never buffered.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline, Transform, type Readable } from 'node:stream';
import {
  AddressRefusedError,
  assertHost,
  guardedAgents,
  type AddressPolicy,
  type GuardedAgents,
} from './address-guard';

export const MAX_REDIRECTS = 5;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

export type UrlFetchFailure = 'scheme' | 'refused' | 'redirects' | 'timeout' | 'unreachable' | 'too-large';

/** Why a fetch stopped; `message` names the host or limit, never the full URL (it may carry secrets). */
export class UrlFetchError extends Error {
  constructor(
    readonly kind: UrlFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'UrlFetchError';
  }
}

export type GuardedFetchOptions = {
  /** A POST sends `body` and follows no redirect: its 3xx answer is the answer. */
  method: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** For every hop and the body together. */
  timeoutMs: number;
  /** The body stops with a `too-large` error past this many bytes (a larger Content-Length fails at once). */
  maxBytes?: number;
  /** The caller went away: stop everything. */
  signal?: AbortSignal;
};

export type FetchedResponse = {
  /** The URL that answered, after redirects. */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  /** Errors with a UrlFetchError past the cap or the deadline. */
  body: Readable;
  /** Stops reading: the connection is closed. */
  close(): void;
};

export type GuardedFetch = (url: URL, options: GuardedFetchOptions) => Promise<FetchedResponse>;

function checkHop(url: URL, policy: AddressPolicy): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UrlFetchError('scheme', `only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, '')}`);
  }
  try {
    assertHost(policy, url.hostname);
  } catch (error) {
    if (error instanceof AddressRefusedError) throw new UrlFetchError('refused', error.message);
    throw error;
  }
}

function failureOf(error: unknown, url: URL): UrlFetchError {
  if (error instanceof UrlFetchError) return error;
  if (error instanceof AddressRefusedError) return new UrlFetchError('refused', error.message);
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'error';
  return new UrlFetchError('unreachable', `could not reach ${url.host} (${code})`);
}

function exchange(
  url: URL,
  options: GuardedFetchOptions,
  agents: GuardedAgents,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const secure = url.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = send(
      url,
      { method: options.method, headers: options.headers ?? {}, agent: secure ? agents.https : agents.http, signal },
      resolve,
    );
    req.on('error', (error) => reject(signal.aborted ? signal.reason : failureOf(error, url)));
    req.end(options.body);
  });
}

/** A fetcher whose every connection obeys `policy`. */
export function createGuardedFetch(policy: AddressPolicy): GuardedFetch {
  return async (start, options) => {
    const agents = guardedAgents(policy);
    const deadline = new AbortController();
    const timer = setTimeout(
      () =>
        deadline.abort(
          new UrlFetchError('timeout', `no complete answer within ${Math.round(options.timeoutMs / 1000)} s`),
        ),
      options.timeoutMs,
    );
    const stopForCaller = () => deadline.abort(new UrlFetchError('timeout', 'the request was cancelled'));
    options.signal?.addEventListener('abort', stopForCaller, { once: true });
    const finish = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stopForCaller);
      agents.http.destroy();
      agents.https.destroy();
    };

    try {
      let url = start;
      for (let hop = 0; ; hop += 1) {
        checkHop(url, policy);
        const response = await exchange(url, options, agents, deadline.signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (!redirectStatuses.has(status) || location === undefined || options.method === 'POST')
          return answer(url, response, options, deadline.signal, finish);
        response.destroy();
        if (hop >= MAX_REDIRECTS) throw new UrlFetchError('redirects', `more than ${MAX_REDIRECTS} redirects`);
        const next = URL.parse(location, url);
        if (next === null) throw new UrlFetchError('unreachable', `${url.host} redirected to an invalid address`);
        url = next;
      }
    } catch (error) {
      finish();
      throw error;
    }
  };
}

function answer(
  url: URL,
  response: IncomingMessage,
  options: GuardedFetchOptions,
  deadline: AbortSignal,
  finish: () => void,
): FetchedResponse {
  const status = response.statusCode ?? 0;
  const declared = Number(response.headers['content-length']);
  const { maxBytes } = options;
  if (
    maxBytes !== undefined &&
    status < 300 &&
    options.method === 'GET' &&
    Number.isFinite(declared) &&
    declared > maxBytes
  ) {
    response.destroy();
    throw new UrlFetchError('too-large', `the file is ${declared} bytes, more than the ${maxBytes}-byte limit`);
  }
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (maxBytes !== undefined && seen > maxBytes)
        callback(new UrlFetchError('too-large', `the file is larger than the ${maxBytes}-byte limit`));
      else callback(null, chunk);
    },
  });
  const stop = () =>
    counter.destroy(deadline.reason instanceof Error ? deadline.reason : new UrlFetchError('timeout', 'stopped'));
  deadline.addEventListener('abort', stop, { once: true });
  pipeline(response, counter, () => {
    deadline.removeEventListener('abort', stop);
    finish();
  });
  return {
    url,
    status,
    headers: response.headers,
    body: counter,
    close: () => counter.destroy(),
  };
}
