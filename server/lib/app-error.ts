import type { ErrorCode, FieldIssue } from '@shared/errors';

export type AppErrorDetails = {
  issues?: FieldIssue[];
  retryAfterSeconds?: number;
  /** The status a URL the server fetched answered with. */
  upstreamStatus?: number;
  /** An HTTP status other than the code's usual one (422 for a reused Idempotency-Key). */
  status?: number;
};

/** The one error services throw; the error middleware turns it into an envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: AppErrorDetails;

  constructor(code: ErrorCode, message: string, details: AppErrorDetails = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}
