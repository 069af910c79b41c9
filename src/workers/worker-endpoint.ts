// The object `transfer.worker.ts` exposes: keeps the connection (base URL, Authorization), one
// registry of running jobs, and a table of methods, each behind one guard that parses its job
// with zod and turns a refusal or a throw into the one failure shape.
import * as z from 'zod/mini';
import { basketZipJobSchema, type BasketZipEventCallback } from './basket-protocol';
import { createBasketZip, type BasketZipConfig } from './basket-zip';
import { createTransferEngine, defaultEngineConfig } from './engine';
import type { TransferEngineConfig } from './engine';
import { copyJobSchema, type CopyProgressCallback } from './copy-protocol';
import { failure } from './failures';
import { createFsCopy, type FsCopyConfig } from './fs-copy';
import { fsUploadJobSchema } from './fs-protocol';
import { createFsTransfer } from './fs-transfer';
import { createFsUploadApi, type FsUploadApi } from './fs-upload-api';
import { createJobRegistry } from './job-registry';
import { browserImageTools, makeImageThumbnails, type ThumbnailBlobs } from './image-thumbnails';
import { transferConnectionSchema, uploadJobSchema, urlUploadJobSchema } from './protocol';
import type {
  ProgressCallback,
  StartedCallback,
  TransferConnection,
  TransferFailure,
  TransferWorkerApi,
} from './protocol';
import { defaultTransport } from './put-transport';
import type { PutTransport } from './put-transport';
import type { Connectivity, PutContext } from './put-with-retry';
import { createUploadApi } from './upload-api';
import { createThumbnailLine } from './upload-thumbnails';
import { createUrlTransfer, urlUploadEndpoints, type UrlTransferConfig } from './url-transfer';
import { checkedFrame, type TakeFrame } from './url-thumbnails';
import { requestUploadJobSchema, type HashedCallback } from './request-protocol';
import { createRequestTransfer } from './request-transfer';

export type WorkerEndpointDeps = {
  fetch: typeof globalThis.fetch;
  transport?: PutTransport;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  config?: Partial<TransferEngineConfig>;
  connectivity?: Connectivity;
  urlConfig?: Partial<UrlTransferConfig>;
  copyConfig?: Partial<FsCopyConfig>;
  basketConfig?: Partial<BasketZipConfig>;
  /** Thumbnails of images being uploaded; by default the browser's own (none where it has no OffscreenCanvas). */
  thumbnails?: (file: Blob, name: string) => Promise<ThumbnailBlobs | null>;
};

function defaultThumbnails(): ((file: Blob, name: string) => Promise<ThumbnailBlobs | null>) | undefined {
  const tools = browserImageTools();
  return tools === undefined ? undefined : (file, name) => makeImageThumbnails(file, name, tools);
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The worker's own view of the connection: `navigator.onLine` and the `online` event. */
export function workerConnectivity(
  scope: Pick<typeof globalThis, 'navigator' | 'addEventListener' | 'removeEventListener'> = globalThis,
): Connectivity {
  return {
    isOnline: () => scope.navigator.onLine,
    whenOnline: (signal) =>
      new Promise<void>((resolve) => {
        if (scope.navigator.onLine || signal.aborted) {
          resolve();
          return;
        }
        const done = () => {
          scope.removeEventListener('online', done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        scope.addEventListener('online', done);
        signal.addEventListener('abort', done, { once: true });
      }),
  };
}

/**
 * Hands a page callback to a transfer: a report the page can no longer take is dropped, and the
 * method's result waits until every report was taken, so the page never hears of the end first.
 */
type Reports = <T>(callback: ((value: T) => unknown) | undefined) => ((value: T) => void) | undefined;

/** One worker method: its job parsed with `input`, the transfer run, any throw or refusal a failure. */
function guarded<S extends z.ZodMiniType, A extends unknown[], R>(
  name: string,
  input: S,
  connected: () => boolean,
  run: (job: z.infer<S>, reports: Reports, ...callbacks: A) => Promise<R>,
): (job: z.infer<S>, ...callbacks: A) => Promise<R | TransferFailure> {
  return async (value, ...callbacks) => {
    const job = z.safeParse(input, value);
    if (!job.success) return failure('invalid-job', { message: z.prettifyError(job.error) });
    if (!connected()) return failure('invalid-job', { message: `call configure() before ${name}()` });
    const pending = new Set<Promise<unknown>>();
    const reports: Reports = (callback) =>
      typeof callback !== 'function'
        ? undefined
        : (report) => {
            const delivery = Promise.resolve()
              .then(() => callback(report))
              .catch(() => undefined)
              .finally(() => pending.delete(delivery));
            pending.add(delivery);
          };
    try {
      return await run(job.data, reports, ...callbacks);
    } catch (error) {
      return failure('internal', { message: error instanceof Error ? error.message : String(error) });
    } finally {
      await Promise.all(pending);
    }
  };
}

export function createWorkerEndpoint(deps: WorkerEndpointDeps): TransferWorkerApi {
  let connection: TransferConnection | null = null;
  // One list of running jobs for every transfer kind: cancel(id) finds the job whatever its kind.
  const jobs = createJobRegistry();
  const thumbnails = deps.thumbnails ?? defaultThumbnails();
  // One line for every upload of this worker: thumbnails take one core at most, after the answers.
  const thumbnailLine = createThumbnailLine();
  const engine = createTransferEngine({
    api: createUploadApi({ fetch: deps.fetch, connection: () => connection }),
    ...(thumbnails === undefined ? {} : { thumbnails, thumbnailLine }),
    transport: deps.transport ?? defaultTransport(deps.fetch),
    now: deps.now ?? (() => performance.now()),
    sleep: deps.sleep ?? abortableSleep,
    ...(deps.connectivity ? { connectivity: deps.connectivity } : {}),
    ...(deps.config ? { config: deps.config } : {}),
    jobs,
  });
  const engineConfig = { ...defaultEngineConfig, ...deps.config };
  // Storage PUTs of the URL, mount and copy transfers: the engine's retries and time-out.
  const put: PutContext = {
    transport: deps.transport ?? defaultTransport(deps.fetch),
    sleep: deps.sleep ?? abortableSleep,
    random: Math.random,
    policy: {
      retries: engineConfig.retries,
      baseDelayMs: engineConfig.retryBaseDelayMs,
      maxDelayMs: engineConfig.retryMaxDelayMs,
    },
    timeoutMs: engineConfig.partTimeoutMs,
  };
  const urlTransfer = createUrlTransfer({
    ...(thumbnails === undefined ? {} : { thumbnails, thumbnailLine }),
    api: createUploadApi({ fetch: deps.fetch, connection: () => connection, endpoints: urlUploadEndpoints }),
    fetch: deps.fetch,
    connection: () => connection,
    put,
    now: deps.now ?? (() => performance.now()),
    ...(deps.urlConfig ? { config: deps.urlConfig } : {}),
    jobs,
  });

  const fsApis = new Map<'admin' | 'user', FsUploadApi>();
  const fsApi = (scope: 'admin' | 'user') => {
    const api = fsApis.get(scope) ?? createFsUploadApi({ fetch: deps.fetch, connection: () => connection }, scope);
    fsApis.set(scope, api);
    return api;
  };
  const fsTransfer = createFsTransfer({
    api: fsApi,
    connection: () => connection,
    put,
    now: deps.now ?? (() => performance.now()),
    config: engineConfig,
    thumbnails,
    jobs,
  });
  const fsCopy = createFsCopy({
    api: fsApi,
    fetch: deps.fetch,
    connection: () => connection,
    put,
    now: deps.now ?? (() => performance.now()),
    ...(deps.copyConfig ? { config: deps.copyConfig } : {}),
    jobs,
  });

  const requestTransfer = createRequestTransfer({
    ...(thumbnails === undefined ? {} : { thumbnails, thumbnailLine }),
    fetch: deps.fetch,
    connection: () => connection,
    transport: deps.transport ?? defaultTransport(deps.fetch),
    now: deps.now ?? (() => performance.now()),
    sleep: deps.sleep ?? abortableSleep,
    ...(deps.connectivity ? { connectivity: deps.connectivity } : {}),
    ...(deps.config ? { config: deps.config } : {}),
    jobs,
  });

  const basketZip = createBasketZip({
    fetch: deps.fetch,
    connection: () => connection,
    sleep: deps.sleep ?? abortableSleep,
    now: deps.now ?? (() => performance.now()),
    ...(deps.basketConfig ? { config: deps.basketConfig } : {}),
    jobs,
  });

  const connected = () => connection !== null;
  // The worker's methods, in one table: name, job schema, and the transfer that runs it.
  const methods = {
    upload: guarded(
      'upload',
      uploadJobSchema,
      connected,
      (job, reports, onProgress?: ProgressCallback, onStarted?: StartedCallback) =>
        engine.upload(job, reports(onProgress), reports(onStarted)),
    ),
    uploadFromUrl: guarded(
      'uploadFromUrl',
      urlUploadJobSchema,
      connected,
      (job, reports, onProgress?: ProgressCallback, takeFrame?: TakeFrame) =>
        urlTransfer.upload(
          job,
          reports(onProgress),
          typeof takeFrame === 'function' ? checkedFrame(takeFrame) : undefined,
        ),
    ),
    uploadToMount: guarded(
      'uploadToMount',
      fsUploadJobSchema,
      connected,
      (job, reports, onProgress?: ProgressCallback) => fsTransfer.upload(job, reports(onProgress)),
    ),
    uploadToRequest: guarded(
      'uploadToRequest',
      requestUploadJobSchema,
      connected,
      (job, reports, onProgress?: ProgressCallback, onStarted?: StartedCallback, onHashed?: HashedCallback) =>
        requestTransfer.upload(job, reports(onProgress), reports(onStarted), reports(onHashed)),
    ),
    copyAcrossStorages: guarded(
      'copyAcrossStorages',
      copyJobSchema,
      connected,
      (job, reports, onProgress?: CopyProgressCallback) => fsCopy.copy(job, reports(onProgress)),
    ),
    downloadBasket: guarded(
      'downloadBasket',
      basketZipJobSchema,
      connected,
      (job, reports, onEvent?: BasketZipEventCallback) =>
        basketZip.download(job, reports(onEvent) ?? (() => undefined)),
    ),
  } satisfies Omit<TransferWorkerApi, 'configure' | 'cancel'>;

  return {
    ...methods,
    configure(input) {
      connection = z.parse(transferConnectionSchema, input);
    },
    cancel(id) {
      return typeof id === 'string' && jobs.cancel(id);
    },
  };
}
