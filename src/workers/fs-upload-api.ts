// The JSON calls of an upload into a mount folder, through the shared API client with the fs
// endpoint definitions of the job's scope (and the calls a cross-storage copy adds) (/admin/fs or /user/fs). Like upload-api.ts, every call
// resolves to a tagged outcome, so the transfer never catches and every outcome crosses Comlink.
import { fsEndpointsOf, type FsEndpoints } from '@shared/api/fs.endpoints';
import { fsMoveEndpointsOf, type FsMoveEndpoints } from '@shared/api/fs-move.endpoints';
import { thumbnailEndpointsOf } from '@shared/api/fs-thumbnail.endpoints';
import { createApiClient } from '@shared/http/api-client';
import type { BodyOf, QueryOf, ReplyOf } from '@shared/http/endpoint';
import type { TransferConnection } from './protocol';
import { toFailure, type ApiOutcome } from './upload-api';

type Steps =
  | 'presign'
  | 'commit'
  | 'cancel'
  | 'multipartInit'
  | 'multipartUrls'
  | 'multipartComplete'
  | 'multipartAbort'
  | 'batchCopyCommit';
type Call<K extends Steps> = (
  body: BodyOf<FsEndpoints[K]>,
  signal: AbortSignal,
) => Promise<ApiOutcome<ReplyOf<FsEndpoints[K]>>>;

export type FsUploadApi = { [K in Steps]: Call<K> } & {
  /** A fresh direct link to a file, for a copy whose download link expired. */
  fileLink: (
    query: QueryOf<FsEndpoints['fileLink']>,
    signal: AbortSignal,
  ) => Promise<ApiOutcome<ReplyOf<FsEndpoints['fileLink']>>>;
  /** A move's end: the targets recorded and their sources deleted. */
  moveCommit: (
    body: BodyOf<FsMoveEndpoints['moveCommit']>,
    signal: AbortSignal,
  ) => Promise<ApiOutcome<ReplyOf<FsMoveEndpoints['moveCommit']>>>;
  /** Thumbnails made in the browser, stored beside the file it uploaded. */
  thumbnailUpload: (
    body: BodyOf<ThumbnailUpload>,
    signal: AbortSignal,
  ) => Promise<ApiOutcome<ReplyOf<ThumbnailUpload>>>;
};

type ThumbnailUpload = ReturnType<typeof thumbnailEndpointsOf>['upload'];

export type FsUploadApiDeps = {
  fetch: typeof globalThis.fetch;
  connection: () => TransferConnection | null;
};

/** The calls for one scope; both scopes take and answer the same shapes. */
export function createFsUploadApi({ fetch, connection }: FsUploadApiDeps, scope: 'admin' | 'user'): FsUploadApi {
  const endpoints = fsEndpointsOf(scope);
  const thumbnails = thumbnailEndpointsOf(scope);
  const client = createApiClient({
    fetch,
    baseUrl: () => connection()?.baseUrl ?? '',
    getCredentials: () => connection()?.credentials ?? null,
    // The page-side client reports an expired credential from the failure's ErrorCode.
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

  return {
    presign: (body, signal) => outcome(() => client.call(endpoints.presign, { body, signal })),
    commit: (body, signal) => outcome(() => client.call(endpoints.commit, { body, signal })),
    cancel: (body, signal) => outcome(() => client.call(endpoints.cancel, { body, signal })),
    multipartInit: (body, signal) => outcome(() => client.call(endpoints.multipartInit, { body, signal })),
    multipartUrls: (body, signal) => outcome(() => client.call(endpoints.multipartUrls, { body, signal })),
    multipartComplete: (body, signal) => outcome(() => client.call(endpoints.multipartComplete, { body, signal })),
    multipartAbort: (body, signal) => outcome(() => client.call(endpoints.multipartAbort, { body, signal })),
    batchCopyCommit: (body, signal) => outcome(() => client.call(endpoints.batchCopyCommit, { body, signal })),
    fileLink: (query, signal) => outcome(() => client.call(endpoints.fileLink, { query, signal })),
    moveCommit: (body, signal) => outcome(() => client.call(fsMoveEndpointsOf(scope).moveCommit, { body, signal })),
    thumbnailUpload: (body, signal) => outcome(() => client.call(thumbnails.upload, { body, signal })),
  };
}
