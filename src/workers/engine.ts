// The transfer engine: presign → PUT → commit below a size threshold, multipart above it, and
// clean-up (abort, cancel) whenever a failure or a cancel leaves an uncommitted file behind.
import { putBlob } from '@shared/api/upload.endpoints';
import { timeoutMsOf } from '@shared/http/api-client';
import { cancelled, failure, fromApiFailure } from './failures';
import { uploadMimetype } from '@shared/mimetype';
import { planParts } from '@shared/part-plan';
import { uploadParts } from './multipart';
import { createJobRegistry, type JobRegistry } from './job-registry';
import { createProgressReporter } from './progress';
import type { ProgressReporter } from './progress';
import type { CompletedPart, PresignedPart } from '@shared/api/upload.schema';
import type { ProgressCallback, StartedCallback, TransferFailure, UploadJob, UploadResult } from './protocol';
import type { PutTransport } from './put-transport';
import { putWithRetry } from './put-with-retry';
import { sealedSource, type PartSource } from './sealed-source';
import type { Connectivity, PutContext, PutOutcome } from './put-with-retry';
import type { ApiFailure, UploadApi } from './upload-api';
import {
  createThumbnailLine,
  sendThumbnails,
  startThumbnails,
  type MakeThumbnails,
  type ThumbnailLine,
} from './upload-thumbnails';

const MIB = 1024 * 1024;

export type TransferEngineConfig = {
  /** Files of this size or more go multipart. */
  singlePutMaxBytes: number;
  /** Preferred part size; grows for big files (see the shared `planParts`), never below 5 MiB. */
  partSize: number;
  /** Parts in flight at once. */
  concurrency: number;
  retries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  progressIntervalMs: number;
  /** Each storage PUT (a whole file or one part); the upload link endpoints' chunk time-out. */
  partTimeoutMs: number;
  /** Time allowed for the abort and cancel calls after a failure. */
  cleanupTimeoutMs: number;
};

export const defaultEngineConfig: TransferEngineConfig = {
  singlePutMaxBytes: 16 * MIB,
  // Small parts cost the gateway per-part work: 16 MiB parts keep 1 GiB at 64 requests.
  partSize: 16 * MIB,
  concurrency: 4,
  retries: 3,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  progressIntervalMs: 100,
  partTimeoutMs: timeoutMsOf(putBlob),
  cleanupTimeoutMs: 10_000,
};

export type TransferEngineDeps = {
  api: UploadApi;
  transport: PutTransport;
  now: () => number;
  /** Resolves after `ms`, or early once `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  /** When given, storage PUTs pause while the device is offline and go on when it is back. */
  connectivity?: Connectivity;
  config?: Partial<TransferEngineConfig>;
  /** Thumbnails of an image or video from the file sent (never of an encrypted one); null when none. */
  thumbnails?: MakeThumbnails;
  /** Where they are made, one at a time, after each upload's answer; the engine's own by default. */
  thumbnailLine?: ThumbnailLine;
  /** The worker's running jobs, shared by every transfer kind; the engine's own by default. */
  jobs?: JobRegistry;
};

export type TransferEngine = {
  /** `onStarted` hears of the multipart upload once it exists, so the page can resume it after a reload. */
  upload(job: UploadJob, onProgress?: ProgressCallback, onStarted?: StartedCallback): Promise<UploadResult>;
  /**
   * Aborts the upload with that id, or withdraws (deletes) it when it finished a moment ago, so
   * a cancel that crosses the final answer still wins. True when there was one to stop.
   */
  cancel(id: string): boolean;
};

/** What exists on the server so far, to undo on failure. */
type Session = { fileId: string | null; multipartUploadId: string | null; onStarted?: StartedCallback | undefined };
/** Where a multipart upload stands: new (every part to send) or resumed (some parts stored). */
type MultipartStart = {
  fileId: string;
  uploadId: string;
  partSize: number;
  partCount: number;
  urls: readonly PresignedPart[];
  done: CompletedPart[];
};
type Transferred = { ok: true; fileId: string; etag: string } | TransferFailure;

function singlePutFailure(outcome: Exclude<PutOutcome, { ok: true }>): TransferFailure {
  switch (outcome.reason) {
    case 'cancelled':
      return cancelled();
    case 'network':
      return failure('network', { retryable: true });
    case 'missing-etag':
      return failure('bad-response', { status: outcome.status, message: 'storage returned no ETag' });
    case 'http':
      return failure('http', {
        status: outcome.status,
        retryable: outcome.retryable,
        message: `upload failed with HTTP ${outcome.status}`,
      });
  }
}

export function createTransferEngine(deps: TransferEngineDeps): TransferEngine {
  const config = { ...defaultEngineConfig, ...deps.config };
  const { api } = deps;
  const jobs = deps.jobs ?? createJobRegistry();
  const thumbnailLine = deps.thumbnailLine ?? createThumbnailLine();
  const put: PutContext = {
    transport: deps.transport,
    sleep: deps.sleep,
    random: deps.random ?? Math.random,
    policy: { retries: config.retries, baseDelayMs: config.retryBaseDelayMs, maxDelayMs: config.retryMaxDelayMs },
    timeoutMs: config.partTimeoutMs,
    ...(deps.connectivity === undefined ? {} : { connectivity: deps.connectivity }),
  };

  function target(job: UploadJob, source: PartSource) {
    return {
      filename: job.filename,
      mimetype: job.mimetype ?? uploadMimetype(job.filename, job.file.type),
      size: source.size,
      ...(job.e2ee === undefined ? {} : { e2ee: job.e2ee.header }),
      ...(job.s3_config_id === undefined ? {} : { s3_config_id: job.s3_config_id }),
      ...(job.path === undefined ? {} : { path: job.path }),
      ...(job.slug === undefined ? {} : { slug: job.slug }),
    };
  }

  async function single(
    job: UploadJob,
    source: PartSource,
    session: Session,
    signal: AbortSignal,
    progress: ProgressReporter,
  ): Promise<Transferred> {
    const presign = await api.presign(target(job, source), signal);
    if (!presign.ok) return fromApiFailure('presign-failed', presign);
    const { file_id: fileId, upload_url: url, contentType, provider_type: provider } = presign.data;
    session.fileId = fileId;
    progress.stage('uploading');
    const outcome = await putWithRetry(put, {
      url,
      body: await source.slice(0, source.size),
      headers: {
        'Content-Type': contentType,
        ...(provider === 'Backblaze B2' ? { 'X-Bz-Content-Sha1': 'do_not_verify' } : {}),
      },
      signal,
      onProgress: (loaded) => progress.setLoaded(loaded),
    });
    if (!outcome.ok) return singlePutFailure(outcome);
    progress.setLoaded(source.size);
    return { ok: true, fileId, etag: outcome.etag };
  }

  /**
   * A reload interrupted this file's upload: the parts storage holds are kept and links
   * are signed for the rest. Null when it cannot resume (gone, finished, another plan): start anew.
   */
  async function resumed(job: UploadJob, source: PartSource, signal: AbortSignal): Promise<MultipartStart | null> {
    if (job.resume === undefined || api.multipartParts === undefined) return null;
    const ids = { file_id: job.resume.fileId, upload_id: job.resume.uploadId };
    const listed = await api.multipartParts(ids, signal);
    if (!listed.ok) return null;
    const { part_size: partSize, part_count: partCount, parts } = listed.data;
    if (partCount !== Math.max(1, Math.ceil(source.size / partSize))) return null;
    const stored = new Set(parts.map((part) => part.partNumber));
    const missing = Array.from({ length: partCount }, (_, index) => index + 1).filter(
      (partNumber) => !stored.has(partNumber),
    );
    const fresh = missing.length === 0 ? null : await api.multipartUrls({ ...ids, part_numbers: missing }, signal);
    if (fresh !== null && !fresh.ok) return null;
    return {
      fileId: ids.file_id,
      uploadId: ids.upload_id,
      partSize,
      partCount,
      urls: fresh?.data.presigned_urls ?? [],
      done: parts.map(({ partNumber, etag }) => ({ partNumber, etag })),
    };
  }

  async function started(
    job: UploadJob,
    source: PartSource,
    session: Session,
    signal: AbortSignal,
  ): Promise<MultipartStart | TransferFailure> {
    const resumable = await resumed(job, source, signal);
    if (resumable !== null) return resumable;
    const plan = planParts(source.size, config.partSize);
    if (plan === null) return failure('too-large');
    const init = await api.multipartInit({ ...target(job, source), part_size: plan.partSize }, signal);
    if (!init.ok) return fromApiFailure('init-failed', init);
    const { file_id: fileId, upload_id: uploadId, part_size: partSize, part_count: partCount } = init.data;
    session.onStarted?.({ fileId, uploadId });
    return { fileId, uploadId, partSize, partCount, urls: init.data.presigned_urls, done: [] };
  }

  async function multipart(
    job: UploadJob,
    source: PartSource,
    session: Session,
    signal: AbortSignal,
    progress: ProgressReporter,
  ): Promise<Transferred> {
    const start = await started(job, source, session, signal);
    if ('ok' in start) return start;
    const { fileId, uploadId, partSize, partCount } = start;
    session.fileId = fileId;
    session.multipartUploadId = uploadId;
    if (partCount !== Math.max(1, Math.ceil(source.size / partSize))) {
      return failure('bad-response', { message: 'part count does not match the part size' });
    }
    progress.stage('uploading');
    // A refresh the server refused (an expired session, say) explains the part failure that follows.
    const refresh: { failure: ApiFailure | null } = { failure: null };
    const parts = await uploadParts({
      file: source,
      partSize,
      partCount,
      urls: start.urls,
      done: start.done,
      refreshUrls: async (partNumbers) => {
        const fresh = await api.multipartUrls(
          { file_id: fileId, upload_id: uploadId, part_numbers: partNumbers },
          signal,
        );
        if (fresh.ok) return fresh.data.presigned_urls;
        refresh.failure = fresh;
        return null;
      },
      concurrency: config.concurrency,
      put,
      signal,
      onLoaded: (bytes) => progress.setLoaded(bytes),
    });
    if (!parts.ok) {
      return refresh.failure !== null && parts.failure.code !== 'cancelled'
        ? fromApiFailure('part-failed', refresh.failure)
        : parts.failure;
    }
    progress.stage('processing');
    const done = await api.multipartComplete({ file_id: fileId, upload_id: uploadId, parts: parts.parts }, signal);
    if (!done.ok) return fromApiFailure('complete-failed', done);
    session.multipartUploadId = null;
    return { ok: true, fileId, etag: done.data.etag };
  }

  async function run(
    job: UploadJob,
    source: PartSource,
    session: Session,
    signal: AbortSignal,
    progress: ProgressReporter,
  ): Promise<UploadResult> {
    progress.stage('initializing');
    const useMultipart = source.size >= config.singlePutMaxBytes;
    const sent = await (useMultipart ? multipart : single)(job, source, session, signal, progress);
    if (!sent.ok) return sent;
    progress.stage('completing');
    const commit = await api.commit(
      {
        file_id: sent.fileId,
        etag: sent.etag,
        size: source.size,
        ...(job.remark === undefined ? {} : { remark: job.remark }),
        ...(job.password === undefined ? {} : { password: job.password }),
        ...(job.expires_in === undefined ? {} : { expires_in: job.expires_in }),
        ...(job.max_views === undefined ? {} : { max_views: job.max_views }),
      },
      signal,
    );
    if (!commit.ok) return fromApiFailure('commit-failed', commit);
    progress.complete();
    return { ok: true, fileId: sent.fileId, slug: commit.data.slug, etag: sent.etag, share: commit.data };
  }

  /** Best effort: the server's sweeper removes whatever these calls miss. */
  async function cleanUp(session: Session): Promise<void> {
    const signal = AbortSignal.timeout(config.cleanupTimeoutMs);
    if (session.fileId !== null && session.multipartUploadId !== null) {
      await api.multipartAbort({ file_id: session.fileId, upload_id: session.multipartUploadId }, signal);
    }
    if (session.fileId !== null) await api.cancel({ file_id: session.fileId }, signal);
  }

  async function send(
    job: UploadJob,
    signal: AbortSignal,
    onProgress: ProgressCallback | undefined,
    onStarted: StartedCallback | undefined,
  ): Promise<UploadResult> {
    const source = job.e2ee === undefined ? job.file : await sealedSource(job.file, job.e2ee).catch(() => null);
    if (source === null) return failure('invalid-job', { message: 'malformed end-to-end encryption key' });
    const session: Session = { fileId: null, multipartUploadId: null, onStarted };
    const progress = createProgressReporter({
      total: source.size,
      now: deps.now,
      intervalMs: config.progressIntervalMs,
      ...(onProgress ? { onProgress } : {}),
    });
    const result = await run(job, source, session, signal, progress).catch((error: unknown) =>
      failure('internal', { message: error instanceof Error ? error.message : String(error) }),
    );
    // A cancel that lands while the commit is on its way still wins: the file is withdrawn.
    if (result.ok && !signal.aborted) {
      const { fileId } = result;
      jobs.finished(job.id, () => cleanUp({ fileId, multipartUploadId: null }));
      // Made and sent after the answer, in the line; an encrypted file gets no thumbnails.
      if (job.e2ee === undefined) {
        thumbnailLine.add(() =>
          sendThumbnails(
            api,
            fileId,
            startThumbnails(deps.thumbnails, job.file, job.filename, job.poster),
            config.cleanupTimeoutMs,
          ),
        );
      }
      return result;
    }
    // A part the network interrupted leaves its multipart upload on the server, to resume.
    const resumable =
      !result.ok && result.code === 'network' && result.partNumber !== undefined && session.multipartUploadId !== null;
    if (signal.aborted || !resumable) await cleanUp(session).catch(() => undefined);
    return signal.aborted ? cancelled() : result;
  }

  return {
    upload: (job, onProgress, onStarted) =>
      jobs.run(
        job.id,
        async ({ signal }) => {
          // The thumbnail line yields while any upload is in flight.
          const release = thumbnailLine.hold();
          try {
            return await send(job, signal, onProgress, onStarted);
          } finally {
            release();
          }
        },
        () => failure('invalid-job', { message: `upload ${job.id} is already running` }),
      ),
    cancel: (id) => jobs.cancel(id),
  };
}
