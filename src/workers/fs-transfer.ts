// Uploads into a mount folder (the explorer): presign → PUT → presign/commit below the engine's
// single-PUT size, multipart init → parts → complete above it, through /admin/fs or /user/fs.
// A failure or cancel before the file is indexed frees the reservation (presign/cancel, multipart/abort).
import type { FsEntry } from '@shared/api/fs.schema';
import { uploadMimetype } from '@shared/mimetype';
import { planParts } from '@shared/part-plan';
import type { TransferEngineConfig } from './engine';
import { cancelled, failure, fromApiFailure } from './failures';
import type { FsUploadJob, FsUploadResult } from './fs-protocol';
import type { FsUploadApi } from './fs-upload-api';
import { createJobRegistry, type JobRegistry } from './job-registry';
import { partFailure, uploadParts } from './multipart';
import { createProgressReporter, type ProgressReporter } from './progress';
import type { ProgressCallback, TransferConnection, TransferFailure } from './protocol';
import { putWithRetry, type PutContext } from './put-with-retry';
import type { ApiFailure } from './upload-api';
import { blobToBase64, type ThumbnailBlobs } from './image-thumbnails';
import { startThumbnails } from './upload-thumbnails';

export type FsTransferDeps = {
  /** The fs calls of a scope. */
  api: (scope: FsUploadJob['scope']) => FsUploadApi;
  connection: () => TransferConnection | null;
  put: PutContext;
  now: () => number;
  config: Pick<
    TransferEngineConfig,
    'singlePutMaxBytes' | 'partSize' | 'concurrency' | 'progressIntervalMs' | 'cleanupTimeoutMs'
  >;
  /** Thumbnails of an image from the bytes being sent (image-thumbnails.ts); null when none. */
  thumbnails?: (file: Blob, name: string) => Promise<ThumbnailBlobs | null>;
  /** The worker's running jobs, shared by every transfer kind; its own by default. */
  jobs?: JobRegistry;
};

export type FsTransfer = {
  upload(job: FsUploadJob, onProgress?: ProgressCallback): Promise<FsUploadResult>;
  /** Stops a running upload; a file already indexed stays (it may have replaced another). */
  cancel(id: string): boolean;
};

/** What the server holds for this upload, to free on failure. */
type Session = { single: string | null; multipart: string | null };
type Done = { ok: true; entry: FsEntry } | TransferFailure;

/** The local driver's links are origin-relative: they belong to the API's origin, not the page's. */
export function storageUrl(url: string, baseUrl: string): string {
  if (!url.startsWith('/') || url.startsWith('//') || !/^https?:\/\//i.test(baseUrl)) return url;
  return new URL(url, baseUrl).toString();
}

export function createFsTransfer(deps: FsTransferDeps): FsTransfer {
  const { config } = deps;
  const jobs = deps.jobs ?? createJobRegistry();
  const base = () => deps.connection()?.baseUrl ?? '';

  async function single(
    api: FsUploadApi,
    job: FsUploadJob,
    contentType: string,
    session: Session,
    signal: AbortSignal,
    progress: ProgressReporter,
  ): Promise<Done> {
    const presign = await api.presign(
      { path: job.folder, fileName: job.fileName, contentType, fileSize: job.file.size },
      signal,
    );
    if (!presign.ok) return fromApiFailure('presign-failed', presign);
    session.single = presign.data.uploadId;
    progress.stage('uploading');
    const outcome = await putWithRetry(deps.put, {
      url: storageUrl(presign.data.uploadUrl, base()),
      body: job.file,
      headers: { 'Content-Type': presign.data.contentType },
      signal,
      onProgress: (loaded) => progress.setLoaded(loaded),
    });
    if (!outcome.ok) return outcome.reason === 'cancelled' ? cancelled() : partFailure(outcome, 1);
    progress.setLoaded(job.file.size);
    progress.stage('completing');
    const commit = await api.commit({ uploadId: presign.data.uploadId, etag: outcome.etag }, signal);
    if (!commit.ok) return fromApiFailure('commit-failed', commit);
    session.single = null;
    return { ok: true, entry: commit.data };
  }

  async function multipart(
    api: FsUploadApi,
    job: FsUploadJob,
    contentType: string,
    session: Session,
    signal: AbortSignal,
    progress: ProgressReporter,
  ): Promise<Done> {
    const plan = planParts(job.file.size, config.partSize);
    if (plan === null) return failure('too-large');
    const init = await api.multipartInit(
      { path: job.folder, fileName: job.fileName, contentType, fileSize: job.file.size, partSize: plan.partSize },
      signal,
    );
    if (!init.ok) return fromApiFailure('init-failed', init);
    const { uploadId, partSize, partCount } = init.data;
    session.multipart = uploadId;
    if (partCount !== Math.max(1, Math.ceil(job.file.size / partSize)))
      return failure('bad-response', { message: 'part count does not match the part size' });
    progress.stage('uploading');
    const refresh: { failure: ApiFailure | null } = { failure: null };
    const absolute = (parts: readonly { partNumber: number; url: string }[]) =>
      parts.map((part) => ({ ...part, url: storageUrl(part.url, base()) }));
    const parts = await uploadParts({
      file: job.file,
      partSize,
      partCount,
      urls: absolute(init.data.presignedUrls),
      refreshUrls: async (partNumbers) => {
        const fresh = await api.multipartUrls({ uploadId, partNumbers }, signal);
        if (fresh.ok) return absolute(fresh.data.presignedUrls);
        refresh.failure = fresh;
        return null;
      },
      concurrency: config.concurrency,
      put: deps.put,
      signal,
      onLoaded: (bytes) => progress.setLoaded(bytes),
    });
    if (!parts.ok)
      return refresh.failure !== null && parts.failure.code !== 'cancelled'
        ? fromApiFailure('part-failed', refresh.failure)
        : parts.failure;
    progress.stage('processing');
    const done = await api.multipartComplete({ uploadId, parts: parts.parts }, signal);
    if (!done.ok) return fromApiFailure('complete-failed', done);
    session.multipart = null;
    return { ok: true, entry: done.data };
  }

  /**
   * Stores the thumbnails made beside the upload; never fails the upload (a failure leaves the
   * file to the server's queue).
   */
  async function sendThumbnails(api: FsUploadApi, path: string, made: Promise<ThumbnailBlobs | null>) {
    try {
      const thumbnails = await made;
      if (thumbnails === null) return;
      const [tile, large] = await Promise.all([blobToBase64(thumbnails.tile), blobToBase64(thumbnails.large)]);
      await api.thumbnailUpload({ path, tile, large }, AbortSignal.timeout(config.cleanupTimeoutMs));
    } catch {
      // The server's queue makes them instead.
    }
  }

  /** Best effort: the server's sweeper frees whatever these calls miss after 24 hours. */
  async function cleanUp(api: FsUploadApi, session: Session): Promise<void> {
    const signal = AbortSignal.timeout(config.cleanupTimeoutMs);
    if (session.multipart !== null) await api.multipartAbort({ uploadId: session.multipart }, signal);
    if (session.single !== null) await api.cancel({ uploadId: session.single }, signal);
  }

  async function send(job: FsUploadJob, signal: AbortSignal, onProgress?: ProgressCallback): Promise<FsUploadResult> {
    const api = deps.api(job.scope);
    const session: Session = { single: null, multipart: null };
    const progress = createProgressReporter({
      total: job.file.size,
      now: deps.now,
      intervalMs: config.progressIntervalMs,
      ...(onProgress ? { onProgress } : {}),
    });
    const contentType = job.contentType ?? uploadMimetype(job.fileName, job.file.type);
    // Made while the bytes go out; awaited only once the file is stored.
    const thumbnails = startThumbnails(deps.thumbnails, job.file, job.fileName, job.poster) ?? Promise.resolve(null);
    progress.stage('initializing');
    const upload = job.file.size >= config.singlePutMaxBytes ? multipart : single;
    const result = await upload(api, job, contentType, session, signal, progress).catch((error: unknown) =>
      failure('internal', { message: error instanceof Error ? error.message : String(error) }),
    );
    if (result.ok) {
      await sendThumbnails(api, result.entry.path, thumbnails);
      progress.complete();
      return result;
    }
    await cleanUp(api, session).catch(() => undefined);
    return signal.aborted ? cancelled() : result;
  }

  return {
    // A file already indexed stays after a cancel, so a finished upload leaves nothing to withdraw.
    upload: (job, onProgress) =>
      jobs.run(
        job.id,
        ({ signal }) => send(job, signal, onProgress),
        () => failure('invalid-job', { message: `upload ${job.id} is already running` }),
      ),
    cancel: (id) => jobs.cancel(id),
  };
}
