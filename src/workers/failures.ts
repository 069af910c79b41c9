// Turns API and transport outcomes into the plain failure objects that cross the worker
// boundary (spec §8 upload and multipart messages). Messages are English fallbacks only.
import type { UploadErrorCode } from '@shared/api/upload.schema';
import type { TransferFailure } from './protocol';
import type { ApiFailure } from './upload-api';

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
};

type FailureExtra = { message?: string; retryable?: boolean; status?: number; partNumber?: number };

export function failure(code: UploadErrorCode, extra: FailureExtra = {}): TransferFailure {
  return {
    ok: false,
    code,
    message: extra.message ?? fallbackMessages[code],
    retryable: extra.retryable ?? false,
    ...(extra.status === undefined ? {} : { status: extra.status }),
    ...(extra.partNumber === undefined ? {} : { partNumber: extra.partNumber }),
  };
}

export const cancelled = (): TransferFailure => failure('cancelled');

/** 408, 429 and 5xx are worth another try; other 4xx are final. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Maps a failed JSON call made during `step` (presign-failed, commit-failed, …) to a failure. */
export function fromApiFailure(step: UploadErrorCode, api: ApiFailure): TransferFailure {
  if (api.kind === 'cancelled') return cancelled();
  if (api.kind === 'network' || api.kind === 'timeout') return failure('network', { message: api.message, retryable: true });
  if (api.kind === 'bad-response') return failure('bad-response', { message: api.message });
  const status = api.status ?? 0;
  const withStatus = { message: api.message, status };
  if (api.errorCode === 'SLUG_TAKEN' || status === 409) return failure('slug-taken', withStatus);
  if (api.errorCode === 'QUOTA_EXCEEDED') return failure('quota', withStatus);
  if (api.errorCode === 'PAYLOAD_TOO_LARGE' || status === 413) return failure('too-large', withStatus);
  if (status === 401) return failure('unauthorized', withStatus);
  if (status === 403) return failure('forbidden', withStatus);
  return failure(step, { ...withStatus, retryable: isRetryableStatus(status) });
}
