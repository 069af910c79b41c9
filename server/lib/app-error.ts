import type { ErrorCode, FieldIssue } from '../../src/shared/errors';

export type AppErrorDetails = {
  issues?: FieldIssue[];
  retryAfterSeconds?: number;
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
