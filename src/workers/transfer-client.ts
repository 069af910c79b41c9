// The page side of the transfer worker. Starts the worker lazily; every method is one generic
// call that hands the worker the connection, parses the result and each report that comes back,
// and turns anything that goes wrong into the one failure shape. A result that says the
// credentials it was given were refused as expired is reported like the API client does.
import * as Comlink from 'comlink';
import type { Credentials } from '@shared/http/api-client';
import type { ErrorCode } from '@shared/errors';
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

type Parser<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };
type Remote = Comlink.Remote<TransferWorkerApi>;

/** A page callback the worker may call: each report parsed, a malformed one dropped. */
function listen<T>(
  schema: Parser<T>,
  callback: ((value: T) => void) | undefined,
): ((value: unknown) => void) | undefined {
  if (callback === undefined) return undefined;
  return Comlink.proxy((value: unknown) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) callback(parsed.data);
  });
}

/** A video's thumbnails are taken here, in the page, before its job goes to the worker. */
async function withPoster<J extends { file: Blob; poster?: ThumbnailBlobs }>(job: J, name: string): Promise<J> {
  if (job.poster !== undefined || !canPlayVideo(job.file, name)) return job;
  const poster = await videoPoster(job.file, name);
  return poster === null ? job : { ...job, poster };
}

export function createTransferClient(options: TransferClientOptions): TransferClient {
  let worker: Worker | null = null;
  let remote: Remote | null = null;

  function connect(): Remote {
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

  /** The same rule as the API client: only the credentials this upload was sent with, and only when the code names their scheme. */
  function reportExpired(result: { errorCode?: ErrorCode | undefined }, credentials: Credentials | null): void {
    if (credentials === null) return;
    const expired = expiredCredentialOf(result.errorCode);
    if (expired !== undefined && expired === credentials.scheme) options.onAuthExpired?.(expired);
  }

  /**
   * Every method goes through here: the worker is handed the connection, the method runs, its result
   * is parsed with `result`, and anything that goes wrong on the way is a failure in the one shape.
   */
  async function call<R extends { ok: boolean; errorCode?: ErrorCode | undefined }>(
    result: Parser<R>,
    send: (transfer: Remote) => Promise<unknown>,
  ): Promise<R | TransferFailure> {
    try {
      const transfer = connect();
      const credentials = options.credentials();
      await transfer.configure({ baseUrl: options.baseUrl(), credentials });
      const parsed = result.safeParse(await send(transfer));
      if (!parsed.success) return failure('bad-response', { message: 'transfer worker sent an invalid result' });
      if (!parsed.data.ok) reportExpired(parsed.data, credentials);
      return parsed.data;
    } catch (error) {
      return failure('internal', { message: error instanceof Error ? error.message : String(error) });
    }
  }

  const progress = (onProgress: ProgressCallback | undefined) => listen(transferProgressSchema, onProgress);
  const started = (onStarted: StartedCallback | undefined) => listen(multipartStartedSchema, onStarted);

  return {
    upload: (job, onProgress, onStarted) =>
      call(uploadResultSchema, async (transfer) =>
        transfer.upload(
          job.e2ee === undefined ? await withPoster(job, job.filename) : job,
          progress(onProgress),
          started(onStarted),
        ),
      ),
    uploadFromUrl: (job, onProgress) =>
      call(uploadResultSchema, (transfer) => {
        // The worker keeps the start of a video this page can play and asks it here for a frame.
        const playable = job.e2ee === undefined && canPlayVideo(new Blob([], { type: job.mimetype }), job.filename);
        return transfer.uploadFromUrl(job, progress(onProgress), playable ? Comlink.proxy(videoPoster) : undefined);
      }),
    uploadToMount: (job, onProgress) =>
      call(fsUploadResultSchema, async (transfer) =>
        transfer.uploadToMount(await withPoster(job, job.fileName), progress(onProgress)),
      ),
    uploadToRequest: (job, onProgress, onStarted, onHashed) =>
      call(requestUploadResultSchema, async (transfer) =>
        transfer.uploadToRequest(
          await withPoster(job, job.filename),
          progress(onProgress),
          started(onStarted),
          listen(requestHashReportSchema, onHashed),
        ),
      ),
    copyAcrossStorages: (job, onProgress) =>
      call(copyResultSchema, (transfer) => transfer.copyAcrossStorages(job, listen(copyProgressSchema, onProgress))),
    downloadBasket: (job, onEvent) =>
      call(basketZipResultSchema, (transfer) =>
        transfer.downloadBasket(
          job.sink.kind === 'port' ? Comlink.transfer(job, [job.sink.port]) : job,
          listen(basketZipEventSchema, onEvent),
        ),
      ),
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
