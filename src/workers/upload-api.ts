// The JSON calls of an upload, built inside the worker from a base URL and an Authorization
// header. Each call resolves to a tagged outcome, so the engine never catches thrown errors.
import type { z } from 'zod';
import type { ErrorCode } from '@shared/errors';
import { envelopeSchema, errorEnvelopeSchema } from '@shared/envelope';
import { REQUEST_TIMEOUT_MS } from '@shared/limits';
import {
  commitResponseSchema,
  multipartAbortResponseSchema,
  multipartCompleteResponseSchema,
  multipartInitResponseSchema,
  multipartUrlsResponseSchema,
  presignResponseSchema,
  uploadCancelResponseSchema,
} from '@shared/api/upload.schema';
import type {
  CommitRequest,
  CommitResponse,
  MultipartAbortRequest,
  MultipartAbortResponse,
  MultipartCompleteRequest,
  MultipartCompleteResponse,
  MultipartInitRequest,
  MultipartInitResponse,
  MultipartUrlsRequest,
  MultipartUrlsResponse,
  PresignRequest,
  PresignResponse,
  UploadCancelRequest,
  UploadCancelResponse,
} from '@shared/api/upload.schema';
import type { TransferConnection } from './protocol';

export type ApiFailure = {
  ok: false;
  kind: 'cancelled' | 'timeout' | 'network' | 'http' | 'bad-response';
  status?: number;
  errorCode?: ErrorCode;
  message: string;
};
export type ApiOutcome<T> = { ok: true; data: T } | ApiFailure;
export type ApiCall<Req, Res> = (body: Req, signal: AbortSignal) => Promise<ApiOutcome<Res>>;

export type UploadApi = {
  presign: ApiCall<PresignRequest, PresignResponse>;
  commit: ApiCall<CommitRequest, CommitResponse>;
  multipartInit: ApiCall<MultipartInitRequest, MultipartInitResponse>;
  multipartUrls: ApiCall<MultipartUrlsRequest, MultipartUrlsResponse>;
  multipartComplete: ApiCall<MultipartCompleteRequest, MultipartCompleteResponse>;
  multipartAbort: ApiCall<MultipartAbortRequest, MultipartAbortResponse>;
  cancel: ApiCall<UploadCancelRequest, UploadCancelResponse>;
};

export type UploadApiDeps = {
  fetch: typeof globalThis.fetch;
  connection: () => TransferConnection | null;
  timeoutMs?: number;
};

const successCodes = new Set([200, 201, 202]);

export function createUploadApi({ fetch, connection, timeoutMs = REQUEST_TIMEOUT_MS }: UploadApiDeps): UploadApi {
  function post<Req, Res>(path: string, schema: z.ZodType<Res>): ApiCall<Req, Res> {
    return async (body, signal) => {
      const target = connection();
      if (target === null) return { ok: false, kind: 'network', message: 'transfer worker is not configured' };
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
      if (target.authorization !== null) headers['Authorization'] = target.authorization;
      const timeout = AbortSignal.timeout(timeoutMs);
      const response = await fetch(`${target.baseUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.any([signal, timeout]),
      }).catch(() => null);
      const json: unknown = response === null ? undefined : await response.json().catch(() => undefined);
      if (signal.aborted) return { ok: false, kind: 'cancelled', message: 'request cancelled or timed out' };
      if (timeout.aborted) return { ok: false, kind: 'timeout', message: 'request timed out' };
      if (response === null) return { ok: false, kind: 'network', message: 'network connection failed' };
      if (!response.ok) {
        const error = errorEnvelopeSchema.safeParse(json);
        return {
          ok: false,
          kind: 'http',
          status: response.status,
          ...(error.success ? { errorCode: error.data.data.error } : {}),
          message: error.success ? error.data.message : `HTTP error ${response.status}`,
        };
      }
      const parsed = envelopeSchema(schema).safeParse(json);
      if (!parsed.success || !successCodes.has(parsed.data.code)) {
        return { ok: false, kind: 'bad-response', status: response.status, message: 'server returned no valid data' };
      }
      return { ok: true, data: parsed.data.data };
    };
  }

  return {
    presign: post('/s3/presign', presignResponseSchema),
    commit: post('/s3/commit', commitResponseSchema),
    multipartInit: post('/s3/multipart/init', multipartInitResponseSchema),
    multipartUrls: post('/s3/multipart/urls', multipartUrlsResponseSchema),
    multipartComplete: post('/s3/multipart/complete', multipartCompleteResponseSchema),
    multipartAbort: post('/s3/multipart/abort', multipartAbortResponseSchema),
    cancel: post('/s3/cancel', uploadCancelResponseSchema),
  };
}
