// The one failure shape of the transfer worker (`TransferFailure`: code, message, retryable): every
// method's failure, and each file's inside a copy or a basket. Turns API and transport outcomes
// into it. Messages are English fallbacks only.
import { isApiError, type ApiErrorKind } from '@shared/api-error';
import type { UploadErrorCode } from '@shared/api/upload.schema';
import type { ErrorCode } from '@shared/errors';
import type { TransferFailure } from './protocol';
import { toFailure, type ApiFailure } from './upload-api';

const fallbackMessages: Record<UploadErrorCode, string> = {
  cancelled: 'upload cancelled',
  network: 'network error during upload',
  http: 'upload failed',
  'presign-failed': 'failed to get presigned URL',
  'init-failed': 'failed to initialise multipart upload',
  'missing-part-url': 'presigned URL not found for part',
  'part-failed': 'part upload failed',
  'complete-failed': 'failed to complete multipart upload',
  'commit-failed': 'failed to commit upload',
  'too-large': 'file is too large',
  quota: 'not enough storage space',
  'slug-taken': 'link suffix already taken, try another',
  unauthorized: 'unauthorized, please log in',
  forbidden: 'no permission for this storage configuration',
  'bad-response': 'server returned no valid data',
  'invalid-job': 'invalid upload request',
  internal: 'unexpected upload error',
  'url-fetch-failed': 'failed to fetch URL content',
  'url-unreachable': 'the URL could not be reached',
  'url-not-allowed': 'the server does not fetch this address',
  'url-size-unknown': 'the URL did not say how large its file is',
  'url-size-mismatch': 'the URL sent another number of bytes than it announced',
  'write-failed': 'the file could not be written',
};

type FailureExtra = {
  message?: string;
  retryable?: boolean;
  status?: number;
  errorCode?: ErrorCode;
  partNumber?: number;
};

export function failure(code: UploadErrorCode, extra: FailureExtra = {}): TransferFailure {
  return {
    ok: false,
    code,
    message: extra.message ?? fallbackMessages[code],
    retryable: extra.retryable ?? false,
    ...(extra.status === undefined ? {} : { status: extra.status }),
    ...(extra.errorCode === undefined ? {} : { errorCode: extra.errorCode }),
    ...(extra.partNumber === undefined ? {} : { partNumber: extra.partNumber }),
  };
}

export const cancelled = (): TransferFailure => failure('cancelled');

/** API failures worth another try: the server or the network was busy, not the request wrong. */
const retryableKinds: ReadonlySet<ApiErrorKind> = new Set<ApiErrorKind>([
  'rate-limited',
  'server-error',
  'unavailable',
]);

/**
 * Maps a failed JSON call made during `step` (presign-failed, commit-failed, …) to a failure,
 * decided by the error's kind (from its ErrorCode), never by the HTTP status.
 */
export function fromApiFailure(step: UploadErrorCode, api: ApiFailure): TransferFailure {
  const extra = {
    message: api.message,
    ...(api.status === undefined ? {} : { status: api.status }),
    ...(api.errorCode === undefined ? {} : { errorCode: api.errorCode }),
  };
  switch (api.kind) {
    case 'cancelled':
      return cancelled();
    case 'network':
    case 'timeout':
      return failure('network', { ...extra, retryable: true });
    case 'bad-response':
      return failure('bad-response', extra);
    case 'slug-taken':
      return failure('slug-taken', extra);
    case 'quota':
      return failure('quota', extra);
    case 'too-large':
      return failure('too-large', extra);
    case 'unauthorized':
    case 'admin-session-expired':
    case 'api-key-invalid':
      return failure('unauthorized', extra);
    case 'forbidden':
      return failure('forbidden', extra);
    default:
      return failure(step, { ...extra, retryable: retryableKinds.has(api.kind) });
  }
}

/** A thrown error during `step`: the API's refusal as above, anything else (a fetch that threw) a network failure. */
export function fromError(step: UploadErrorCode, error: unknown): TransferFailure {
  if (isApiError(error)) return fromApiFailure(step, toFailure(error));
  return failure('network', { retryable: true, message: error instanceof Error ? error.message : String(error) });
}

/** A failure in one word, for the basket's report: the server's ErrorCode, `http-404`, or the code. */
export function failureLabel({ code, status, errorCode }: TransferFailure): string {
  if (errorCode !== undefined) return errorCode;
  return code === 'http' && status !== undefined ? `http-${status}` : code;
}
