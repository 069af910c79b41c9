// The exit codes a script can rely on, and how a failure becomes one: the API's failures by the
// kind the shared client decided from the server's ErrorCode, the client's own by what went wrong.
import type { ApiError, ApiErrorKind } from '@shared/api-error';

export const ExitCode = {
  ok: 0,
  /** Bad arguments or options, or a local file that cannot be read. */
  usage: 1,
  /** No credentials, or credentials (or a share password) the server refused. */
  auth: 2,
  /** The share, paste, path or upload does not exist (any more). */
  notFound: 3,
  /** The server refused the request: no permission, read-only key, conflict, limits, bad values. */
  refused: 4,
  /** The server or storage could not be reached or failed. */
  unavailable: 5,
  /** Interrupted (Ctrl-C); an upload in parts resumes when run again. */
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

const exitOfKind: Record<ApiErrorKind, ExitCode> = {
  unauthorized: ExitCode.auth,
  'invalid-credentials': ExitCode.auth,
  'admin-session-expired': ExitCode.auth,
  'api-key-invalid': ExitCode.auth,
  'password-required': ExitCode.auth,
  'incorrect-password': ExitCode.auth,
  'not-found': ExitCode.notFound,
  gone: ExitCode.notFound,
  forbidden: ExitCode.refused,
  conflict: ExitCode.refused,
  'slug-taken': ExitCode.refused,
  'too-large': ExitCode.refused,
  quota: ExitCode.refused,
  validation: ExitCode.refused,
  'rate-limited': ExitCode.refused,
  http: ExitCode.refused,
  'server-error': ExitCode.unavailable,
  unavailable: ExitCode.unavailable,
  timeout: ExitCode.unavailable,
  network: ExitCode.unavailable,
  'bad-response': ExitCode.unavailable,
  queued: ExitCode.unavailable,
  cancelled: ExitCode.interrupted,
};

export function exitCodeOf(error: ApiError): ExitCode {
  if (error.kind === 'http' && error.status !== undefined) {
    if (error.status === 401) return ExitCode.auth;
    if (error.status === 404 || error.status === 410) return ExitCode.notFound;
    if (error.status >= 500) return ExitCode.unavailable;
  }
  return exitOfKind[error.kind];
}

/** A failure the client itself decided, with the words to print and the code to exit with. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
