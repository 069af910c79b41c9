// URL uploads in the worker: the source is downloaded (directly, else through the
// server's proxy) straight into a multipart upload through the /url/ endpoints, 3 parts at a
// time, then completed and committed. Progress: the download counts for 0-49 %, the upload for
// 50-99 %, both moving at once; a cancel at any stage removes the pending upload and its row.
import {
  urlCancel,
  urlCommit,
  urlMultipartAbort,
  urlMultipartComplete,
  urlMultipartInit,
  urlMultipartUrls,
  urlPresign,
} from '@shared/api/url-upload.endpoints';
import { planParts } from '@shared/part-plan';
import { cancelled, failure, fromApiFailure } from './failures';
import { createJobRegistry, type JobRegistry } from './job-registry';
import { createProgressReporter, type ProgressReporter } from './progress';
import type {
  DownloadSource,
  ProgressCallback,
  TransferConnection,
  TransferFailure,
  UploadResult,
  UrlUploadJob,
} from './protocol';
import type { PutContext } from './put-with-retry';
import { uploadStreamParts } from './stream-parts';
import { sealingFor } from './sealed-source';
import { sealedSize } from '@shared/e2ee/records';
import type { ApiFailure, UploadApi, UploadEndpoints } from './upload-api';
import { openDownload } from './url-download';
import { createThumbnailLine, sendThumbnails, type MakeThumbnails, type ThumbnailLine } from './upload-thumbnails';
import { keepForThumbnails, type TakeFrame } from './url-thumbnails';

const MIB = 1024 * 1024;

/** The storage steps of a URL upload: the device upload's, under /url/. */
export const urlUploadEndpoints: UploadEndpoints = {
  presign: urlPresign,
  commit: urlCommit,
  multipartInit: urlMultipartInit,
  multipartUrls: urlMultipartUrls,
  multipartComplete: urlMultipartComplete,
  multipartAbort: urlMultipartAbort,
  cancel: urlCancel,
};

export type UrlTransferConfig = {
  /** The URL uploader sends 3 parts at a time. */
  concurrency: number;
  /** Parts held in memory are this big: (concurrency + 1) × partSize at most. */
  partSize: number;
  /** Longest wait for the next bytes of the source. */
  idleTimeoutMs: number;
  progressIntervalMs: number;
  cleanupTimeoutMs: number;
};

export const defaultUrlTransferConfig: UrlTransferConfig = {
  concurrency: 3,
  partSize: 5 * MIB,
  idleTimeoutMs: 5 * 60_000,
  progressIntervalMs: 100,
  cleanupTimeoutMs: 10_000,
};

export type UrlTransferDeps = {
  /** The /url/ upload calls. */
  api: UploadApi;
  fetch: typeof globalThis.fetch;
  connection: () => TransferConnection | null;
  put: PutContext;
  now: () => number;
  config?: Partial<UrlTransferConfig>;
  /** Thumbnails of an image from the bytes as they stream past (never of an encrypted one). */
  thumbnails?: MakeThumbnails;
  /** Where they are made, one at a time, after each upload's answer. */
  thumbnailLine?: ThumbnailLine;
  /** The worker's running jobs, shared by every transfer kind; its own by default. */
  jobs?: JobRegistry;
};

export type UrlTransfer = {
  /** `takeFrame`: the page's, for a video it can play (a worker has no <video>). */
  upload(job: UrlUploadJob, onProgress?: ProgressCallback, takeFrame?: TakeFrame): Promise<UploadResult>;
  /** Like the engine's: stops a running upload, or withdraws one that just finished. */
  cancel(id: string): boolean;
};

type Session = { fileId: string | null; multipartUploadId: string | null };

/** Download share counts 49 %, upload share 50 %: the reporter's percent is floor(49·d/size + 50·u/size). */
function weighted(progress: ProgressReporter) {
  let downloaded = 0;
  let uploaded = 0;
  const update = () => progress.setLoaded(0.49 * downloaded + 0.5 * uploaded);
  return {
    downloaded(bytes: number) {
      downloaded = bytes;
      update();
    },
    uploaded(bytes: number) {
      uploaded = bytes;
      update();
    },
  };
}

export function createUrlTransfer(deps: UrlTransferDeps): UrlTransfer {
  const thumbnailLine = deps.thumbnailLine ?? createThumbnailLine();
  const config = { ...defaultUrlTransferConfig, ...deps.config };
  const { api } = deps;
  const jobs = deps.jobs ?? createJobRegistry();

  async function run(
    job: UrlUploadJob,
    session: Session,
    signal: AbortSignal,
    progress: ProgressReporter,
    setSource: (source: DownloadSource) => void,
    takeFrame: TakeFrame | undefined,
  ): Promise<UploadResult> {
    const connection = deps.connection();
    if (connection === null) return failure('invalid-job', { message: 'call configure() before uploadFromUrl()' });
    if (job.size === 0) return failure('url-size-unknown', { message: 'the URL announced an empty file' });
    // An end-to-end encrypted share stores the download's records, sealed as the bytes arrive.
    const sealing = job.e2ee === undefined ? null : await sealingFor(job.e2ee, job.size);
    const size = sealing === null ? job.size : sealedSize(job.size);
    const plan = planParts(size, config.partSize);
    if (plan === null) return failure('too-large');
    progress.stage('initializing');
    const download = await openDownload(job.url, { fetch: deps.fetch, connection }, signal);
    if (!download.ok) return download;
    setSource(download.source);
    const init = await api.multipartInit(
      {
        filename: job.filename,
        mimetype: job.mimetype,
        size,
        ...(job.e2ee === undefined ? {} : { e2ee: job.e2ee.header }),
        part_size: plan.partSize,
        ...(job.s3_config_id === undefined ? {} : { s3_config_id: job.s3_config_id }),
        ...(job.path === undefined ? {} : { path: job.path }),
        ...(job.slug === undefined ? {} : { slug: job.slug }),
      },
      signal,
    );
    if (!init.ok) {
      await download.body.cancel().catch(() => undefined);
      return fromApiFailure('init-failed', init);
    }
    const { file_id: fileId, upload_id: uploadId } = init.data;
    session.fileId = fileId;
    session.multipartUploadId = uploadId;
    progress.stage('downloading');
    const counts = weighted(progress);
    const refresh: { failure: ApiFailure | null } = { failure: null };
    const kept = sealing === null ? keepForThumbnails(download.body, job, deps.thumbnails, takeFrame) : null;
    const body = kept?.body ?? download.body;
    const parts = await uploadStreamParts({
      source: sealing === null ? body : body.pipeThrough(sealing),
      size,
      partSize: init.data.part_size,
      partCount: init.data.part_count,
      urls: init.data.presigned_urls,
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
      put: deps.put,
      signal,
      idleTimeoutMs: config.idleTimeoutMs,
      onDownloaded: (bytes) => {
        counts.downloaded(bytes);
        if (bytes >= size) progress.stage('uploading');
      },
      onUploaded: (bytes) => counts.uploaded(bytes),
    });
    if (!parts.ok)
      return refresh.failure !== null && parts.failure.code !== 'cancelled'
        ? fromApiFailure('part-failed', refresh.failure)
        : parts.failure;
    progress.stage('processing');
    const done = await api.multipartComplete({ file_id: fileId, upload_id: uploadId, parts: parts.parts }, signal);
    if (!done.ok) return fromApiFailure('complete-failed', done);
    session.multipartUploadId = null;
    progress.stage('completing');
    const commit = await api.commit(
      {
        file_id: fileId,
        etag: done.data.etag,
        size,
        ...(job.remark === undefined ? {} : { remark: job.remark }),
        ...(job.password === undefined ? {} : { password: job.password }),
        ...(job.expires_in === undefined ? {} : { expires_in: job.expires_in }),
        ...(job.max_views === undefined ? {} : { max_views: job.max_views }),
      },
      signal,
    );
    if (!commit.ok) return fromApiFailure('commit-failed', commit);
    if (kept !== null) thumbnailLine.add(() => sendThumbnails(api, fileId, kept.thumbnails(), config.cleanupTimeoutMs));
    progress.complete();
    return { ok: true, fileId, slug: commit.data.slug, etag: done.data.etag, share: commit.data };
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
    job: UrlUploadJob,
    signal: AbortSignal,
    onProgress: ProgressCallback | undefined,
    takeFrame: TakeFrame | undefined,
  ): Promise<UploadResult> {
    const session: Session = { fileId: null, multipartUploadId: null };
    let source: DownloadSource | undefined;
    const progress = createProgressReporter({
      total: job.size,
      now: deps.now,
      intervalMs: config.progressIntervalMs,
      ...(onProgress
        ? { onProgress: (report) => onProgress(source === undefined ? report : { ...report, source }) }
        : {}),
    });
    const result: UploadResult = await run(
      job,
      session,
      signal,
      progress,
      (opened) => {
        source = opened;
      },
      takeFrame,
    ).catch(
      (error: unknown): TransferFailure =>
        failure('internal', { message: error instanceof Error ? error.message : String(error) }),
    );
    // A cancel that lands while the commit is on its way still wins: the file is withdrawn.
    if (result.ok && !signal.aborted) {
      const { fileId } = result;
      jobs.finished(job.id, () => cleanUp({ fileId, multipartUploadId: null }));
      return result;
    }
    await cleanUp(session).catch(() => undefined);
    return signal.aborted ? cancelled() : result;
  }

  return {
    upload: (job, onProgress, takeFrame) =>
      jobs.run(
        job.id,
        async ({ signal }) => {
          // The thumbnail line yields while any upload is in flight.
          const release = thumbnailLine.hold();
          try {
            return await send(job, signal, onProgress, takeFrame);
          } finally {
            release();
          }
        },
        () => failure('invalid-job', { message: `upload ${job.id} is already running` }),
      ),
    cancel: (id) => jobs.cancel(id),
  };
}
