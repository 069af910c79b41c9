// The parallel part uploads of a multipart upload, cut by the shared part plan. Parts are lazy
// Blob slices taken only when a slot frees up, so at most `concurrency` parts are ever in flight.
import type { CompletedPart, PresignedPart } from '@shared/api/upload.schema';
import { partRange } from '@shared/part-plan';
import { cancelled, failure } from './failures';
import type { TransferFailure } from './protocol';
import { putWithRetry } from './put-with-retry';
import type { PartSource } from './sealed-source';
import type { PutContext, PutOutcome } from './put-with-retry';

export type UploadPartsOptions = {
  file: PartSource;
  partSize: number;
  partCount: number;
  urls: readonly PresignedPart[];
  /** Parts storage already holds (a resumed upload): not sent again. */
  done?: readonly CompletedPart[];
  /** Fresh URLs for the given parts (the multipart urls call), or null when the call failed. */
  refreshUrls: (partNumbers: number[]) => Promise<readonly PresignedPart[] | null>;
  concurrency: number;
  put: PutContext;
  signal: AbortSignal;
  /** Bytes sent so far: finished parts plus what the transport reports of the parts in flight. */
  onLoaded: (bytes: number) => void;
};

export type UploadPartsResult = { ok: true; parts: CompletedPart[] } | { ok: false; failure: TransferFailure };

/** The failure of one part's PUT, once its retries are spent. */
export function partFailure(outcome: Exclude<PutOutcome, { ok: true }>, partNumber: number): TransferFailure {
  switch (outcome.reason) {
    case 'cancelled':
      return cancelled();
    case 'network':
      return failure('network', { partNumber, retryable: true });
    case 'missing-etag':
      return failure('bad-response', {
        partNumber,
        status: outcome.status,
        message: `part ${partNumber} returned no ETag`,
      });
    case 'http':
      return failure('part-failed', {
        partNumber,
        status: outcome.status,
        retryable: outcome.retryable,
        message: `part ${partNumber} failed with HTTP ${outcome.status}`,
      });
  }
}

export async function uploadParts(options: UploadPartsOptions): Promise<UploadPartsResult> {
  const { file, partSize, partCount } = options;
  const urls = new Map(options.urls.map((part) => [part.partNumber, part.url]));
  const etags = new Map<number, string>((options.done ?? []).map((part) => [part.partNumber, part.etag]));
  const stop = new AbortController();
  const stopOnCancel = () => stop.abort();
  options.signal.addEventListener('abort', stopOnCancel, { once: true });
  let next = 1;
  let finishedBytes = 0;
  for (const partNumber of etags.keys()) {
    const { start, end } = partRange({ size: file.size, partSize }, partNumber);
    finishedBytes += end - start;
  }
  /** The next part still to send, or null when none is left. */
  const take = (): number | null => {
    while (next <= partCount && etags.has(next)) next++;
    return next <= partCount ? next++ : null;
  };
  const inFlight = new Map<number, number>();
  const reportLoaded = () => {
    let sending = 0;
    for (const bytes of inFlight.values()) sending += bytes;
    options.onLoaded(finishedBytes + sending);
  };
  const failures: TransferFailure[] = [];
  let refreshing: Promise<void> | null = null;

  // One refresh call covers every unfinished part; parts that hit 403 meanwhile share it.
  async function refreshUrl(partNumber: number, staleUrl: string): Promise<string | null> {
    if (urls.get(partNumber) === staleUrl) {
      refreshing ??= (async () => {
        const unfinished = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !etags.has(n));
        const fresh = await options.refreshUrls(unfinished);
        for (const part of fresh ?? []) urls.set(part.partNumber, part.url);
      })().finally(() => {
        refreshing = null;
      });
      await refreshing;
    }
    const url = urls.get(partNumber);
    return url !== undefined && url !== staleUrl ? url : null;
  }

  function fail(reason: TransferFailure): void {
    failures.push(reason);
    stop.abort();
  }

  async function lane(): Promise<void> {
    for (let partNumber = take(); !stop.signal.aborted && partNumber !== null; partNumber = take()) {
      const url = urls.get(partNumber);
      if (url === undefined) {
        fail(failure('missing-part-url', { partNumber, message: `presigned URL not found for part ${partNumber}` }));
        return;
      }
      const { start, end } = partRange({ size: file.size, partSize }, partNumber);
      const outcome = await putWithRetry(options.put, {
        url,
        body: await file.slice(start, end),
        headers: {},
        signal: stop.signal,
        onProgress: (loaded) => {
          inFlight.set(partNumber, loaded);
          reportLoaded();
        },
        refreshUrl: (stale) => refreshUrl(partNumber, stale),
      });
      inFlight.delete(partNumber);
      if (!outcome.ok) {
        fail(partFailure(outcome, partNumber));
        return;
      }
      etags.set(partNumber, outcome.etag);
      finishedBytes += end - start;
      reportLoaded();
    }
  }

  if (finishedBytes > 0) reportLoaded();
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, partCount)) }, lane));
  } finally {
    options.signal.removeEventListener('abort', stopOnCancel);
  }
  if (options.signal.aborted) return { ok: false, failure: cancelled() };
  const [firstFailure] = failures;
  if (firstFailure !== undefined) return { ok: false, failure: firstFailure };
  const parts = [...etags]
    .map(([partNumber, etag]) => ({ partNumber, etag }))
    .sort((a, b) => a.partNumber - b.partNumber);
  return { ok: true, parts };
}
