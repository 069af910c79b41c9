// The parts of a URL upload, cut from the download as it arrives: each part is collected into a
// Blob only when a slot is free, so memory holds at most `concurrency` parts in flight plus the
// one being filled, whatever the file's size. The download must bring exactly the announced size.
import type { CompletedPart, PresignedPart } from '@shared/api/upload.schema';
import { partRange } from '@shared/part-plan';
import { cancelled, failure } from './failures';
import { partFailure, type UploadPartsResult } from './multipart';
import type { TransferFailure } from './protocol';
import { putWithRetry, type PutContext } from './put-with-retry';

export type StreamPartsOptions = {
  source: ReadableStream<Uint8Array>;
  size: number;
  partSize: number;
  partCount: number;
  urls: readonly PresignedPart[];
  refreshUrls: (partNumbers: number[]) => Promise<readonly PresignedPart[] | null>;
  concurrency: number;
  put: PutContext;
  signal: AbortSignal;
  /** Longest wait for the next bytes of the download. */
  idleTimeoutMs: number;
  onDownloaded: (bytes: number) => void;
  onUploaded: (bytes: number) => void;
};

type Reader = ReadableStreamDefaultReader<Uint8Array>;

/** The next chunk, or a failure when the source stops answering for `idleMs`. */
async function readChunk(reader: Reader, idleMs: number): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no data from the URL for ${Math.round(idleMs / 1000)} s`)), idleMs);
  });
  try {
    return await Promise.race([reader.read(), idle]);
  } finally {
    clearTimeout(timer);
  }
}

export async function uploadStreamParts(options: StreamPartsOptions): Promise<UploadPartsResult> {
  const { size, partSize, partCount } = options;
  const reader = options.source.getReader();
  const urls = new Map(options.urls.map((part) => [part.partNumber, part.url]));
  const etags = new Map<number, string>();
  const stop = new AbortController();
  const stopOnCancel = () => stop.abort();
  options.signal.addEventListener('abort', stopOnCancel, { once: true });
  const failures: TransferFailure[] = [];
  const fail = (reason: TransferFailure) => {
    failures.push(reason);
    stop.abort();
  };
  let downloaded = 0;
  let uploadedBytes = 0;
  const sending = new Map<number, number>();
  const reportUploaded = () =>
    options.onUploaded(uploadedBytes + [...sending.values()].reduce((sum, bytes) => sum + bytes, 0));
  let leftover: Uint8Array | null = null;
  let refreshing: Promise<void> | null = null;

  async function refreshUrl(partNumber: number, staleUrl: string): Promise<string | null> {
    if (urls.get(partNumber) === staleUrl) {
      refreshing ??= (async () => {
        const unfinished = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !etags.has(n));
        for (const part of (await options.refreshUrls(unfinished)) ?? []) urls.set(part.partNumber, part.url);
      })().finally(() => {
        refreshing = null;
      });
      await refreshing;
    }
    const url = urls.get(partNumber);
    return url !== undefined && url !== staleUrl ? url : null;
  }

  /** Exactly `length` bytes of the download, or null after recording why not. */
  async function take(length: number): Promise<Blob | null> {
    const chunks: Uint8Array[] = [];
    let have = 0;
    while (have < length) {
      let chunk = leftover;
      leftover = null;
      if (chunk === null) {
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await readChunk(reader, options.idleTimeoutMs);
        } catch (error) {
          if (!stop.signal.aborted)
            fail(
              failure('url-unreachable', {
                retryable: true,
                message: error instanceof Error ? error.message : 'download failed',
              }),
            );
          return null;
        }
        if (read.done) {
          fail(
            failure('url-size-mismatch', { message: `the URL sent ${downloaded} bytes, not the ${size} it announced` }),
          );
          return null;
        }
        chunk = read.value;
        downloaded += chunk.byteLength;
        options.onDownloaded(Math.min(downloaded, size));
      }
      const need = length - have;
      if (chunk.byteLength > need) {
        leftover = chunk.subarray(need);
        chunk = chunk.subarray(0, need);
      }
      chunks.push(chunk);
      have += chunk.byteLength;
    }
    return new Blob(chunks as BlobPart[]);
  }

  async function send(partNumber: number, body: Blob): Promise<void> {
    const url = urls.get(partNumber);
    if (url === undefined)
      return fail(
        failure('missing-part-url', { partNumber, message: `presigned URL not found for part ${partNumber}` }),
      );
    const outcome = await putWithRetry(options.put, {
      url,
      body,
      headers: {},
      signal: stop.signal,
      onProgress: (loaded) => {
        sending.set(partNumber, loaded);
        reportUploaded();
      },
      refreshUrl: (stale) => refreshUrl(partNumber, stale),
    });
    sending.delete(partNumber);
    if (!outcome.ok) return fail(partFailure(outcome, partNumber));
    etags.set(partNumber, outcome.etag);
    uploadedBytes += body.size;
    reportUploaded();
  }

  const inFlight = new Set<Promise<void>>();
  try {
    for (let partNumber = 1; partNumber <= partCount && !stop.signal.aborted; partNumber += 1) {
      while (inFlight.size >= Math.max(1, options.concurrency) && !stop.signal.aborted) await Promise.race(inFlight);
      if (stop.signal.aborted) break;
      const { start, end } = partRange({ size, partSize }, partNumber);
      const body = await take(end - start);
      if (body === null) break;
      const sent = send(partNumber, body).finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
    if (!stop.signal.aborted) {
      const extra =
        leftover !== null
          ? { done: false }
          : await readChunk(reader, options.idleTimeoutMs).catch(() => ({ done: true }));
      if (!extra.done)
        fail(failure('url-size-mismatch', { message: `the URL sent more than the ${size} bytes it announced` }));
    }
    await Promise.all(inFlight);
  } finally {
    options.signal.removeEventListener('abort', stopOnCancel);
    await reader.cancel().catch(() => undefined);
  }
  if (options.signal.aborted) return { ok: false, failure: cancelled() };
  const [firstFailure] = failures;
  if (firstFailure !== undefined) return { ok: false, failure: firstFailure };
  const parts: CompletedPart[] = [...etags]
    .map(([partNumber, etag]) => ({ partNumber, etag }))
    .sort((a, b) => a.partNumber - b.partNumber);
  return { ok: true, parts };
}
