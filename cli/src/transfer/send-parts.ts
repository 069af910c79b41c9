// The parts of a multipart upload, cut by the shared part plan and sent straight to storage a few
// at a time from disk. A part is retried with back-off on network errors, 408, 429 and 5xx; a 403
// (an expired link) asks once for fresh links, shared by every part that needs one.
import { setTimeout as sleep } from 'node:timers/promises';
import type { CompletedPart, PresignedPart } from '@shared/api/upload.schema';
import { isRetryableStatus } from '@shared/http/retryable-status';
import { partRange } from '@shared/part-plan';
import { CliError, ExitCode } from '@cli/output/exit-codes';
import { putRange, type RangePutResponse } from './put-range';

export type RetryPolicy = { retries: number; baseDelayMs: number; maxDelayMs: number };
export const defaultRetryPolicy: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 8_000 };
/** Each storage PUT; the chunk time-out of the upload endpoints. */
export const PART_TIMEOUT_MS = 5 * 60_000;

export type SendPartsOptions = {
  path: string;
  size: number;
  partSize: number;
  partCount: number;
  urls: readonly PresignedPart[];
  /** Parts storage already holds (a resumed upload): not sent again. */
  done: readonly CompletedPart[];
  /** Sent with every PUT: a single presigned PUT is signed for its Content-Type. */
  headers?: Record<string, string>;
  refreshUrls: (partNumbers: number[]) => Promise<readonly PresignedPart[]>;
  concurrency: number;
  signal: AbortSignal;
  /** Bytes sent so far: finished parts plus what the parts in flight have sent. */
  onLoaded: (bytes: number) => void;
  retry?: RetryPolicy;
};

function delayFor(policy: RetryPolicy, attempt: number): number {
  return Math.round(Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2));
}

function interrupted(): CliError {
  return new CliError(ExitCode.interrupted, 'interrupted');
}

export async function sendParts(options: SendPartsOptions): Promise<CompletedPart[]> {
  const { path, size, partSize, partCount } = options;
  const policy = options.retry ?? defaultRetryPolicy;
  const urls = new Map(options.urls.map((part) => [part.partNumber, part.url]));
  const etags = new Map(options.done.map((part) => [part.partNumber, part.etag]));
  const stop = new AbortController();
  const stopAll = () => stop.abort();
  options.signal.addEventListener('abort', stopAll, { once: true });
  let finished = 0;
  for (const partNumber of etags.keys()) {
    const { start, end } = partRange({ size, partSize }, partNumber);
    finished += end - start;
  }
  const inFlight = new Map<number, number>();
  const report = () => {
    let sending = 0;
    for (const bytes of inFlight.values()) sending += bytes;
    options.onLoaded(finished + sending);
  };
  let next = 1;
  const take = (): number | null => {
    while (next <= partCount && etags.has(next)) next += 1;
    return next <= partCount ? next++ : null;
  };
  let refreshing: Promise<void> | null = null;
  const refresh = async (partNumber: number, stale: string): Promise<string | null> => {
    if (urls.get(partNumber) === stale) {
      refreshing ??= (async () => {
        const missing = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !etags.has(n));
        for (const part of await options.refreshUrls(missing)) urls.set(part.partNumber, part.url);
      })().finally(() => {
        refreshing = null;
      });
      await refreshing;
    }
    const fresh = urls.get(partNumber);
    return fresh !== undefined && fresh !== stale ? fresh : null;
  };

  const sendOne = async (partNumber: number): Promise<string> => {
    let url = urls.get(partNumber);
    if (url === undefined) throw new CliError(ExitCode.unavailable, `the server gave no link for part ${partNumber}`);
    const { start, end } = partRange({ size, partSize }, partNumber);
    let refreshed = false;
    for (let attempt = 0; ; ) {
      let response: RangePutResponse | null = null;
      try {
        response = await putRange({
          url,
          path,
          start,
          end,
          ...(options.headers === undefined ? {} : { headers: options.headers }),
          signal: stop.signal,
          timeoutMs: PART_TIMEOUT_MS,
          onSent: (bytes) => {
            inFlight.set(partNumber, bytes);
            report();
          },
        });
      } catch (error) {
        if (stop.signal.aborted) throw interrupted();
        if (attempt >= policy.retries)
          throw new CliError(
            ExitCode.unavailable,
            `part ${partNumber} could not be sent: ${error instanceof Error ? error.message : error}`,
          );
      }
      inFlight.delete(partNumber);
      if (response !== null && response.status >= 200 && response.status < 300) {
        if (response.etag === null)
          throw new CliError(ExitCode.unavailable, `storage answered part ${partNumber} without an ETag`);
        return response.etag;
      }
      if (response !== null && response.status === 403 && !refreshed) {
        refreshed = true;
        const fresh = await refresh(partNumber, url);
        if (fresh !== null) {
          url = fresh;
          continue;
        }
      }
      if (response !== null && (!isRetryableStatus(response.status) || attempt >= policy.retries)) {
        const detail = response.body.trim().slice(0, 300);
        throw new CliError(
          response.status >= 500 ? ExitCode.unavailable : ExitCode.refused,
          `storage refused part ${partNumber}: HTTP ${response.status}${detail === '' ? '' : ` ${detail}`}`,
        );
      }
      try {
        await sleep(delayFor(policy, attempt), undefined, { signal: stop.signal });
      } catch {
        throw interrupted();
      }
      attempt += 1;
    }
  };

  const failures: unknown[] = [];
  const lane = async () => {
    for (let partNumber = take(); partNumber !== null && !stop.signal.aborted; partNumber = take()) {
      try {
        const etag = await sendOne(partNumber);
        etags.set(partNumber, etag);
        const { start, end } = partRange({ size, partSize }, partNumber);
        finished += end - start;
        report();
      } catch (error) {
        failures.push(error);
        stop.abort();
        return;
      }
    }
  };
  try {
    if (finished > 0) report();
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, partCount)) }, lane));
  } finally {
    options.signal.removeEventListener('abort', stopAll);
  }
  if (options.signal.aborted) throw interrupted();
  const [first] = failures;
  if (first !== undefined) throw first;
  return [...etags].map(([partNumber, etag]) => ({ partNumber, etag })).sort((a, b) => a.partNumber - b.partNumber);
}
