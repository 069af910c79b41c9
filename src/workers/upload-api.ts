// The JSON calls of an upload, made through the shared API client with the upload endpoint
// definitions. ApiError stops at this edge: each call resolves to a tagged outcome that keeps the
// error's kind and ErrorCode, so the engine never catches and every outcome crosses Comlink.
import { isApiError, type ApiErrorKind } from '@shared/api-error';
import {
  abortMultipartUpload,
  cancelUpload,
  commitUpload,
  completeMultipartUpload,
  initMultipartUpload,
  listMultipartParts,
  presignUpload,
  refreshMultipartUrls,
} from '@shared/api/upload.endpoints';
import { uploadThumbnail } from '@shared/api/share-thumbnail.endpoints';
import type { ErrorCode } from '@shared/errors';
import { createApiClient } from '@shared/http/api-client';
import type { BodyOf, EndpointSpec, ReplyOf } from '@shared/http/endpoint';
import type { TransferConnection } from './protocol';

export type ApiFailure = { ok: false; kind: ApiErrorKind; status?: number; errorCode?: ErrorCode; message: string };
export type ApiOutcome<T> = { ok: true; data: T } | ApiFailure;
export type ApiCall<E extends EndpointSpec> = (body: BodyOf<E>, signal: AbortSignal) => Promise<ApiOutcome<ReplyOf<E>>>;

export type UploadApi = {
  presign: ApiCall<typeof presignUpload>;
  commit: ApiCall<typeof commitUpload>;
  multipartInit: ApiCall<typeof initMultipartUpload>;
  multipartUrls: ApiCall<typeof refreshMultipartUrls>;
  multipartComplete: ApiCall<typeof completeMultipartUpload>;
  multipartAbort: ApiCall<typeof abortMultipartUpload>;
  /** The parts storage holds, to resume after a reload; device uploads only. */
  multipartParts?: ApiCall<typeof listMultipartParts>;
  cancel: ApiCall<typeof cancelUpload>;
  /** Stores the thumbnails the worker made of the share it just committed. */
  thumbnail?: ApiCall<typeof uploadThumbnail>;
};

/** Any endpoint taking and answering what `E` does. */
type Like<E extends EndpointSpec> = EndpointSpec & Pick<E, 'body' | 'reply'>;

/** The endpoints a set of upload calls goes to: the device upload's, or their /url/ twins. */
export type UploadEndpoints = {
  presign: Like<typeof presignUpload>;
  commit: Like<typeof commitUpload>;
  multipartInit: Like<typeof initMultipartUpload>;
  multipartUrls: Like<typeof refreshMultipartUrls>;
  multipartComplete: Like<typeof completeMultipartUpload>;
  multipartAbort: Like<typeof abortMultipartUpload>;
  multipartParts?: Like<typeof listMultipartParts>;
  cancel: Like<typeof cancelUpload>;
};

const deviceUploadEndpoints: UploadEndpoints = {
  presign: presignUpload,
  commit: commitUpload,
  multipartInit: initMultipartUpload,
  multipartUrls: refreshMultipartUrls,
  multipartComplete: completeMultipartUpload,
  multipartAbort: abortMultipartUpload,
  multipartParts: listMultipartParts,
  cancel: cancelUpload,
};

export type UploadApiDeps = {
  fetch: typeof globalThis.fetch;
  connection: () => TransferConnection | null;
  endpoints?: UploadEndpoints;
};

const fallbackMessages: Partial<Record<ApiErrorKind, string>> = {
  cancelled: 'request cancelled',
  timeout: 'request timed out',
  network: 'network connection failed',
  'bad-response': 'server returned no valid data',
};

export function toFailure(error: unknown): ApiFailure {
  if (!isApiError(error)) return { ok: false, kind: 'network', message: fallbackMessages.network ?? 'network error' };
  return {
    ok: false,
    kind: error.kind,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.code === undefined ? {} : { errorCode: error.code }),
    message:
      error.serverMessage ??
      fallbackMessages[error.kind] ??
      (error.status === undefined ? error.kind : `HTTP error ${error.status}`),
  };
}

export function createUploadApi({ fetch, connection, endpoints = deviceUploadEndpoints }: UploadApiDeps): UploadApi {
  const client = createApiClient({
    fetch,
    baseUrl: () => connection()?.baseUrl ?? '',
    getCredentials: () => connection()?.credentials ?? null,
    // The worker has no session to end: an expired credential goes back to the page in the
    // failure's ErrorCode, and the page-side transfer client tells the auth machine.
    onAuthExpired: () => undefined,
  });

  async function outcome<T>(call: () => Promise<T>): Promise<ApiOutcome<T>> {
    if (connection() === null) return { ok: false, kind: 'network', message: 'transfer worker is not configured' };
    try {
      return { ok: true, data: await call() };
    } catch (error) {
      return toFailure(error);
    }
  }

  const partsEndpoint = endpoints.multipartParts;
  return {
    ...(partsEndpoint === undefined
      ? {}
      : { multipartParts: (body, signal) => outcome(() => client.call(partsEndpoint, { body, signal })) }),
    presign: (body, signal) => outcome(() => client.call(endpoints.presign, { body, signal })),
    commit: (body, signal) => outcome(() => client.call(endpoints.commit, { body, signal })),
    multipartInit: (body, signal) => outcome(() => client.call(endpoints.multipartInit, { body, signal })),
    multipartUrls: (body, signal) => outcome(() => client.call(endpoints.multipartUrls, { body, signal })),
    multipartComplete: (body, signal) => outcome(() => client.call(endpoints.multipartComplete, { body, signal })),
    multipartAbort: (body, signal) => outcome(() => client.call(endpoints.multipartAbort, { body, signal })),
    cancel: (body, signal) => outcome(() => client.call(endpoints.cancel, { body, signal })),
    thumbnail: (body, signal) => outcome(() => client.call(uploadThumbnail, { body, signal })),
  };
}
