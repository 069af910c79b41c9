// The page side of the transfer worker. Starts the worker lazily, hands it the connection
// before each upload, and parses every result and progress report that comes back. A result that
// says the credentials it was given were refused as expired is reported like the API client does.
import * as Comlink from 'comlink';
import type { Credentials } from '@shared/http/api-client';
import { expiredCredentialOf, type ExpiredCredential } from '@shared/http/failure';
import {
  copyProgressSchema,
  copyResultSchema,
  type CopyJob,
  type CopyProgressCallback,
  type CopyResult,
} from './copy-protocol';
import {
  basketZipEventSchema,
  basketZipResultSchema,
  type BasketZipEventCallback,
  type BasketZipJob,
  type BasketZipResult,
} from './basket-protocol';
import { failure } from './failures';
import { fsUploadResultSchema, type FsUploadJob, type FsUploadResult } from './fs-protocol';
import {
  requestHashReportSchema,
  requestUploadResultSchema,
  type HashedCallback,
  type RequestUploadJob,
  type RequestUploadResult,
} from './request-protocol';
import { multipartStartedSchema, transferProgressSchema, uploadResultSchema } from './protocol';
import type { ThumbnailBlobs } from './image-thumbnails';
import { canPlayVideo, videoPoster } from './video-poster';
import type {
  ProgressCallback,
  StartedCallback,
  TransferFailure,
  TransferWorkerApi,
  UploadJob,
  UploadResult,
  UrlUploadJob,
} from './protocol';

export type TransferClientOptions = {
  /** API prefix, for example `/api` or `https://clip.example.com/api`; read before each upload. */
  baseUrl: () => string;
  /** The signed-in credentials, read before each upload. */
  credentials: () => Credentials | null;
  /** The server refused those credentials as expired or invalid; the auth machine decides what follows. */
  onAuthExpired?: (credential: ExpiredCredential) => void;
  /** Where the worker lives; tests pass one end of a MessageChannel. */
  endpoint?: () => Comlink.Endpoint;
};

export type TransferClient = {
  /** `onStarted` hears of a multipart upload once the server holds it, to resume it after a reload. */
  upload(job: UploadJob, onProgress?: ProgressCallback, onStarted?: StartedCallback): Promise<UploadResult>;
  /** Downloads the URL in the worker (directly, else through the server's proxy) and uploads it as it arrives. */
  uploadFromUrl(job: UrlUploadJob, onProgress?: ProgressCallback): Promise<UploadResult>;
  /** Uploads into a mount folder (the explorer) through /admin/fs or /user/fs. */
  uploadToMount(job: FsUploadJob, onProgress?: ProgressCallback): Promise<FsUploadResult>;
  uploadToRequest(
    job: RequestUploadJob,
    onProgress?: ProgressCallback,
    onStarted?: StartedCallback,
    /** Hears where the receipt's SHA-256 stands once the file has arrived, until it is known. */
    onHashed?: HashedCallback,
  ): Promise<RequestUploadResult>;
  /** Carries a batch-copy plan (`crossStorageResults`) across storages, file by file, then commits it; `cancel(job.id)` stops it. */
  copyAcrossStorages(job: CopyJob, onProgress?: CopyProgressCallback): Promise<CopyResult>;
  /** Builds the basket's ZIP in the worker and writes it to the job's sink (a file handle, or a port the service worker reads). */
  downloadBasket(job: BasketZipJob, onEvent?: BasketZipEventCallback): Promise<BasketZipResult>;
  cancel(id: string): Promise<boolean>;
  /** Stops the worker; running uploads end without clean-up. */
  terminate(): void;
};

function spawnTransferWorker(): Worker {
  return new Worker(new URL('./transfer.worker.ts', import.meta.url), { type: 'module', name: 'transfer' });
}

function startedReport(onStarted: StartedCallback): StartedCallback {
  return (started) => {
    const parsed = multipartStartedSchema.safeParse(started);
    if (parsed.success) onStarted(parsed.data);
  };
}

function hashedReport(onHashed: HashedCallback): HashedCallback {
  return (report) => {
    const parsed = requestHashReportSchema.safeParse(report);
    if (parsed.success) onHashed(parsed.data);
  };
}

export function createTransferClient(options: TransferClientOptions): TransferClient {
  let worker: Worker | null = null;
  let remote: Comlink.Remote<TransferWorkerApi> | null = null;

  function connect(): Comlink.Remote<TransferWorkerApi> {
    if (remote === null) {
      if (options.endpoint) {
        remote = Comlink.wrap<TransferWorkerApi>(options.endpoint());
      } else {
        worker = spawnTransferWorker();
        remote = Comlink.wrap<TransferWorkerApi>(worker);
      }
    }
    return remote;
  }

  function report(onProgress: ProgressCallback): ProgressCallback {
    return (progress) => {
      const parsed = transferProgressSchema.safeParse(progress);
      if (parsed.success) onProgress(parsed.data);
    };
  }

  function copyReport(onProgress: CopyProgressCallback): CopyProgressCallback {
    return (progress) => {
      const parsed = copyProgressSchema.safeParse(progress);
      if (parsed.success) onProgress(parsed.data);
    };
  }

  /** The same rule as the API client: only the credentials this upload was sent with, and only when the code names their scheme. */
  function reportExpired(result: TransferFailure, credentials: Credentials | null): void {
    if (credentials === null) return;
    const expired = expiredCredentialOf(result.errorCode);
    if (expired !== undefined && expired === credentials.scheme) options.onAuthExpired?.(expired);
  }

  type Start = (
    transfer: Comlink.Remote<TransferWorkerApi>,
    progress: ProgressCallback | undefined,
  ) => Promise<unknown>;
  type Parser<R> = { safeParse(value: unknown): { success: true; data: R } | { success: false } };

  async function runWith<R extends FsUploadResult | UploadResult | RequestUploadResult>(
    schema: Parser<R>,
    start: Start,
    onProgress?: ProgressCallback,
  ): Promise<R | TransferFailure> {
    try {
      const transfer = connect();
      const credentials = options.credentials();
      await transfer.configure({ baseUrl: options.baseUrl(), credentials });
      const result = await start(transfer, onProgress ? Comlink.proxy(report(onProgress)) : undefined);
      const parsed = schema.safeParse(result);
      if (!parsed.success) return failure('bad-response', { message: 'transfer worker sent an invalid result' });
      if (!parsed.data.ok) reportExpired(parsed.data, credentials);
      return parsed.data;
    } catch (error) {
      return failure('internal', { message: error instanceof Error ? error.message : String(error) });
    }
  }

  const run = (start: Start, onProgress?: ProgressCallback): Promise<UploadResult> =>
    runWith(uploadResultSchema, start, onProgress);

  /** A video's thumbnails are taken here, in the page, before its job goes to the worker. */
  async function withPoster<J extends { file: Blob; poster?: ThumbnailBlobs }>(job: J, name: string): Promise<J> {
    if (job.poster !== undefined || !canPlayVideo(job.file, name)) return job;
    const poster = await videoPoster(job.file, name);
    return poster === null ? job : { ...job, poster };
  }

  return {
    upload: (job, onProgress, onStarted) =>
      run(async (transfer, progress) => {
        const started = onStarted === undefined ? undefined : Comlink.proxy(startedReport(onStarted));
        const sent = job.e2ee === undefined ? await withPoster(job, job.filename) : job;
        return transfer.upload(sent, progress, started);
      }, onProgress),
    uploadFromUrl: (job, onProgress) => run((transfer, progress) => transfer.uploadFromUrl(job, progress), onProgress),
    uploadToMount: (job, onProgress) =>
      runWith(
        fsUploadResultSchema,
        async (transfer, progress) => transfer.uploadToMount(await withPoster(job, job.fileName), progress),
        onProgress,
      ),
    uploadToRequest: (job, onProgress, onStarted, onHashed) =>
      runWith(
        requestUploadResultSchema,
        async (transfer, progress) => {
          const started = onStarted === undefined ? undefined : Comlink.proxy(startedReport(onStarted));
          const hashed = onHashed === undefined ? undefined : Comlink.proxy(hashedReport(onHashed));
          return transfer.uploadToRequest(await withPoster(job, job.filename), progress, started, hashed);
        },
        onProgress,
      ),
    async copyAcrossStorages(job, onProgress) {
      const refused = (message: string): CopyResult => ({
        status: 'failed',
        copied: [],
        failed: [{ sourcePath: '', targetPath: '', code: 'internal', message }],
      });
      try {
        const transfer = connect();
        await transfer.configure({ baseUrl: options.baseUrl(), credentials: options.credentials() });
        const progress = onProgress === undefined ? undefined : Comlink.proxy(copyReport(onProgress));
        const parsed = copyResultSchema.safeParse(await transfer.copyAcrossStorages(job, progress));
        return parsed.success ? parsed.data : refused('transfer worker sent an invalid result');
      } catch (error) {
        return refused(error instanceof Error ? error.message : String(error));
      }
    },
    async downloadBasket(job, onEvent) {
      try {
        const transfer = connect();
        await transfer.configure({ baseUrl: options.baseUrl(), credentials: options.credentials() });
        const events =
          onEvent === undefined
            ? undefined
            : Comlink.proxy((event: unknown) => {
                const parsed = basketZipEventSchema.safeParse(event);
                if (parsed.success) onEvent(parsed.data);
              });
        const sent = job.sink.kind === 'port' ? Comlink.transfer(job, [job.sink.port]) : job;
        const parsed = basketZipResultSchema.safeParse(await transfer.downloadBasket(sent, events));
        return parsed.success
          ? parsed.data
          : { ok: false, code: 'internal', message: 'transfer worker sent an invalid result' };
      } catch (error) {
        return { ok: false, code: 'internal', message: error instanceof Error ? error.message : String(error) };
      }
    },
    async cancel(id) {
      return remote === null ? false : remote.cancel(id);
    },
    terminate() {
      if (remote !== null) remote[Comlink.releaseProxy]();
      worker?.terminate();
      worker = null;
      remote = null;
    },
  };
}
