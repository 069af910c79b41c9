// One PUT with retries: exponential back-off with jitter on network errors, 408, 429 and 5xx;
// a 403 (expired presigned URL) asks once for a fresh URL; other 4xx fail at once. While the
// device is offline the PUT waits for the connection instead of spending its retries.
import { isRetryableStatus } from './failures';
import type { PutTransport } from './put-transport';

export type RetryPolicy = { retries: number; baseDelayMs: number; maxDelayMs: number };

/** The device's connection, as the worker sees it. */
export type Connectivity = {
  isOnline: () => boolean;
  /** Resolves once the device is online again, or early once `signal` aborts. */
  whenOnline: (signal: AbortSignal) => Promise<void>;
};

export type PutContext = {
  connectivity?: Connectivity;
  transport: PutTransport;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
  policy: RetryPolicy;
  timeoutMs: number;
};

export type PutRequest = {
  url: string;
  body: Blob;
  headers: Record<string, string>;
  signal: AbortSignal;
  onProgress?: (loaded: number) => void;
  /** A fresh URL to replace `staleUrl`, or null when none can be had. */
  refreshUrl?: (staleUrl: string) => Promise<string | null>;
};

export type PutOutcome =
  | { ok: true; etag: string }
  | { ok: false; reason: 'cancelled' }
  | { ok: false; reason: 'network'; retryable: true }
  | { ok: false; reason: 'http'; status: number; retryable: boolean }
  | { ok: false; reason: 'missing-etag'; status: number };

/** Delay before retry number `attempt` (0-based): base·2^attempt, scaled by 50-100 % jitter. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

async function attemptPut(context: PutContext, request: PutRequest, url: string): Promise<PutOutcome> {
  try {
    const response = await context.transport.put(url, request.body, {
      headers: request.headers,
      signal: request.signal,
      timeoutMs: context.timeoutMs,
      ...(request.onProgress ? { onProgress: request.onProgress } : {}),
    });
    if (response.status >= 200 && response.status < 300) {
      return response.etag
        ? { ok: true, etag: response.etag }
        : { ok: false, reason: 'missing-etag', status: response.status };
    }
    return { ok: false, reason: 'http', status: response.status, retryable: isRetryableStatus(response.status) };
  } catch {
    return request.signal.aborted
      ? { ok: false, reason: 'cancelled' }
      : { ok: false, reason: 'network', retryable: true };
  }
}

export async function putWithRetry(context: PutContext, request: PutRequest): Promise<PutOutcome> {
  let url = request.url;
  let refreshed = false;
  const { connectivity } = context;
  for (let attempt = 0; ; ) {
    if (connectivity !== undefined && !connectivity.isOnline()) await connectivity.whenOnline(request.signal);
    if (request.signal.aborted) return { ok: false, reason: 'cancelled' };
    const outcome = await attemptPut(context, request, url);
    // The connection went: the upload pauses until it returns, and the part is sent again.
    if (outcome.ok === false && outcome.reason === 'network' && connectivity !== undefined && !connectivity.isOnline())
      continue;
    if (outcome.ok || outcome.reason === 'cancelled' || outcome.reason === 'missing-etag') return outcome;
    if (outcome.reason === 'http' && outcome.status === 403 && request.refreshUrl && !refreshed) {
      refreshed = true;
      const fresh = await request.refreshUrl(url);
      if (fresh === null) return request.signal.aborted ? { ok: false, reason: 'cancelled' } : outcome;
      url = fresh;
      continue;
    }
    if (!outcome.retryable || attempt >= context.policy.retries) return outcome;
    await context.sleep(backoffDelay(context.policy, attempt, context.random), request.signal);
    attempt += 1;
  }
}
