// The object `transfer.worker.ts` exposes: parses everything that arrives from the page with
// zod, keeps the connection (base URL, Authorization) and runs uploads on one engine.
import * as z from 'zod/mini';
import { basketZipEventSchema, basketZipJobSchema, type BasketZipEventCallback } from './basket-protocol';
import { createBasketZip, type BasketZipConfig } from './basket-zip';
import { createTransferEngine, defaultEngineConfig } from './engine';
import type { TransferEngineConfig } from './engine';
import { copyJobSchema, type CopyProgressCallback } from './copy-protocol';
import { failure } from './failures';
import { createFsCopy, type FsCopyConfig } from './fs-copy';
import { fsUploadJobSchema } from './fs-protocol';
import { createFsTransfer } from './fs-transfer';
import { createFsUploadApi, type FsUploadApi } from './fs-upload-api';
import { browserImageTools, makeImageThumbnails, type ThumbnailBlobs } from './image-thumbnails';
import { transferConnectionSchema, uploadJobSchema, urlUploadJobSchema } from './protocol';
import type { ProgressCallback, StartedCallback, TransferConnection, TransferWorkerApi } from './protocol';
import { defaultTransport } from './put-transport';
import type { PutTransport } from './put-transport';
import type { Connectivity } from './put-with-retry';
import { createUploadApi } from './upload-api';
import { createThumbnailLine } from './upload-thumbnails';
import { createUrlTransfer, urlUploadEndpoints, type UrlTransferConfig } from './url-transfer';
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

/** A proxied callback returns a promise that rejects once the page side is gone; ignore it. */
function detached(onProgress: ProgressCallback): ProgressCallback {
  return (progress) => {
    Promise.resolve(onProgress(progress)).catch(() => undefined);
  };
}

function detachedCopy(onProgress: CopyProgressCallback): CopyProgressCallback {
  return (progress) => {
    Promise.resolve(onProgress(progress)).catch(() => undefined);
  };
}

/**
 * Basket events go over the callback's own port, the result over the endpoint's: the result
 * waits until the last event was taken, so the page never hears of the end before the events.
 */
function orderedEvents(onEvent: BasketZipEventCallback | undefined): {
  emit: BasketZipEventCallback;
  delivered: () => Promise<void>;
} {
  let last: Promise<unknown> = Promise.resolve();
  return {
    emit: (event) => {
      if (typeof onEvent !== 'function') return;
      last = Promise.resolve(onEvent(z.parse(basketZipEventSchema, event))).catch(() => undefined);
    },
    delivered: async () => {
      await last;
    },
  };
}

function detachedStart(onStarted: StartedCallback): StartedCallback {
  return (started) => {
    Promise.resolve(onStarted(started)).catch(() => undefined);
  };
}

function detachedHashed(onHashed: HashedCallback): HashedCallback {
  return (report) => {
    Promise.resolve(onHashed(report)).catch(() => undefined);
  };
}

export function createWorkerEndpoint(deps: WorkerEndpointDeps): TransferWorkerApi {
  let connection: TransferConnection | null = null;
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
  });
  const engineConfig = { ...defaultEngineConfig, ...deps.config };
  const urlTransfer = createUrlTransfer({
    ...(thumbnails === undefined ? {} : { thumbnails, thumbnailLine }),
    api: createUploadApi({ fetch: deps.fetch, connection: () => connection, endpoints: urlUploadEndpoints }),
    fetch: deps.fetch,
    connection: () => connection,
    put: {
      transport: deps.transport ?? defaultTransport(deps.fetch),
      sleep: deps.sleep ?? abortableSleep,
      random: Math.random,
      policy: {
        retries: engineConfig.retries,
        baseDelayMs: engineConfig.retryBaseDelayMs,
        maxDelayMs: engineConfig.retryMaxDelayMs,
      },
      timeoutMs: engineConfig.partTimeoutMs,
    },
    now: deps.now ?? (() => performance.now()),
    ...(deps.urlConfig ? { config: deps.urlConfig } : {}),
  });

  const fsApis = new Map<'admin' | 'user', FsUploadApi>();
  const fsApi = (scope: 'admin' | 'user') => {
    const api = fsApis.get(scope) ?? createFsUploadApi({ fetch: deps.fetch, connection: () => connection }, scope);
    fsApis.set(scope, api);
    return api;
  };
  const fsPut = {
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
  const fsTransfer = createFsTransfer({
    api: fsApi,
    connection: () => connection,
    put: fsPut,
    now: deps.now ?? (() => performance.now()),
    config: engineConfig,
    thumbnails,
  });
  const fsCopy = createFsCopy({
    api: fsApi,
    fetch: deps.fetch,
    connection: () => connection,
    put: fsPut,
    now: deps.now ?? (() => performance.now()),
    ...(deps.copyConfig ? { config: deps.copyConfig } : {}),
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
  });

  const basketZip = createBasketZip({
    fetch: deps.fetch,
    connection: () => connection,
    sleep: deps.sleep ?? abortableSleep,
    now: deps.now ?? (() => performance.now()),
    ...(deps.basketConfig ? { config: deps.basketConfig } : {}),
  });

  return {
    configure(input) {
      connection = z.parse(transferConnectionSchema, input);
    },
    async upload(input, onProgress, onStarted) {
      const job = z.safeParse(uploadJobSchema, input);
      if (!job.success) return failure('invalid-job', { message: z.prettifyError(job.error) });
      if (connection === null) return failure('invalid-job', { message: 'call configure() before upload()' });
      return engine.upload(
        job.data,
        typeof onProgress === 'function' ? detached(onProgress) : undefined,
        typeof onStarted === 'function' ? detachedStart(onStarted) : undefined,
      );
    },
    async uploadFromUrl(input, onProgress) {
      const job = z.safeParse(urlUploadJobSchema, input);
      if (!job.success) return failure('invalid-job', { message: z.prettifyError(job.error) });
      if (connection === null) return failure('invalid-job', { message: 'call configure() before uploadFromUrl()' });
      return urlTransfer.upload(job.data, typeof onProgress === 'function' ? detached(onProgress) : undefined);
    },
    async uploadToMount(input, onProgress) {
      const job = z.safeParse(fsUploadJobSchema, input);
      if (!job.success) return failure('invalid-job', { message: z.prettifyError(job.error) });
      if (connection === null) return failure('invalid-job', { message: 'call configure() before uploadToMount()' });
      return fsTransfer.upload(job.data, typeof onProgress === 'function' ? detached(onProgress) : undefined);
    },
    async uploadToRequest(input, onProgress, onStarted, onHashed) {
      const job = z.safeParse(requestUploadJobSchema, input);
      if (!job.success) return failure('invalid-job', { message: z.prettifyError(job.error) });
      if (connection === null) return failure('invalid-job', { message: 'call configure() before uploadToRequest()' });
      return requestTransfer.upload(
        job.data,
        typeof onProgress === 'function' ? detached(onProgress) : undefined,
        typeof onStarted === 'function' ? detachedStart(onStarted) : undefined,
        typeof onHashed === 'function' ? detachedHashed(onHashed) : undefined,
      );
    },
    async copyAcrossStorages(input, onProgress) {
      const job = z.safeParse(copyJobSchema, input);
      if (!job.success)
        return {
          status: 'failed',
          copied: [],
          failed: [{ sourcePath: '', targetPath: '', code: 'invalid-job', message: z.prettifyError(job.error) }],
        };
      if (connection === null)
        return {
          status: 'failed',
          copied: [],
          failed: [
            {
              sourcePath: '',
              targetPath: '',
              code: 'invalid-job',
              message: 'call configure() before copyAcrossStorages()',
            },
          ],
        };
      return fsCopy.copy(job.data, typeof onProgress === 'function' ? detachedCopy(onProgress) : undefined);
    },
    async downloadBasket(input, onEvent) {
      const job = z.safeParse(basketZipJobSchema, input);
      if (!job.success) return { ok: false, code: 'invalid-job', message: z.prettifyError(job.error) };
      if (connection === null)
        return { ok: false, code: 'invalid-job', message: 'call configure() before downloadBasket()' };
      const events = orderedEvents(onEvent);
      const result = await basketZip.download(job.data, events.emit);
      await events.delivered();
      return result;
    },
    cancel(id) {
      return (
        typeof id === 'string' &&
        (engine.cancel(id) ||
          urlTransfer.cancel(id) ||
          fsTransfer.cancel(id) ||
          requestTransfer.cancel(id) ||
          fsCopy.cancel(id) ||
          basketZip.cancel(id))
      );
    },
  };
}
