// What a failure says: the server's own message when it sent one, else a plain description of
// the kind of failure; field issues and a wait before retrying follow on their own lines.
import type { ApiError, ApiErrorKind } from '@shared/api-error';

const describe: Record<ApiErrorKind, string> = {
  unauthorized: 'not signed in',
  'invalid-credentials': 'wrong username or password',
  'admin-session-expired': 'the admin session has expired',
  'api-key-invalid': 'the API key is not valid (deleted or expired)',
  'password-required': 'a password is required',
  'incorrect-password': 'wrong password',
  'not-found': 'not found',
  gone: 'no longer available',
  forbidden: 'not allowed',
  conflict: 'conflict',
  'slug-taken': 'that link name is taken',
  'too-large': 'too large',
  quota: 'the storage quota is used up',
  validation: 'the request was refused as invalid',
  'rate-limited': 'too many attempts',
  http: 'the server refused the request',
  'server-error': 'the server failed',
  unavailable: 'the server or its storage is unavailable',
  timeout: 'the server did not answer in time',
  network: 'the server could not be reached',
  'bad-response': 'the server answered something unexpected',
  queued: 'not sent',
  cancelled: 'interrupted',
};

/** The lines printed after `clipdock: ` for a failed API call. */
export function apiFailureLines(error: ApiError): string[] {
  const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
  const lines = [`${error.serverMessage ?? describe[error.kind]}${status}`];
  for (const field of error.fields) lines.push(`  ${field.path === '' ? '' : `${field.path}: `}${field.message}`);
  if (error.retryAfterSeconds !== undefined) lines.push(`  try again in ${error.retryAfterSeconds} s`);
  if (error.kind === 'admin-session-expired' || error.kind === 'api-key-invalid')
    lines.push('  sign in again with `clipdock login`');
  return lines;
}
