// The single place errors become responses: AppError by its code, zod failures as 400 naming
// the fields, anything else as a bare 500 whose stack goes to the log under the request id.
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { ErrorCode, httpStatusOf, type ErrorData, type FieldIssue } from '@shared/errors';
import type { AppEnv } from '@server/app-env';
import { AppError } from '@server/lib/app-error';
import { envelopeResponse } from '@server/lib/envelope';
import type { Logger } from '@server/lib/logger';

function errorResponse(error: AppError): Response {
  const { issues, retryAfterSeconds, upstreamStatus, status } = error.details;
  const data: ErrorData = { error: error.code };
  if (issues !== undefined) data.issues = issues;
  if (upstreamStatus !== undefined) data.upstreamStatus = upstreamStatus;
  const headers: Record<string, string> = {};
  if (retryAfterSeconds !== undefined) {
    data.retryAfterSeconds = retryAfterSeconds;
    headers['retry-after'] = String(retryAfterSeconds);
  }
  return envelopeResponse(status ?? httpStatusOf[error.code], error.message, data, headers);
}

function validationError(zodError: z.core.$ZodError): AppError {
  const issues: FieldIssue[] = zodError.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
  const message = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return new AppError(ErrorCode.ValidationFailed, message, { issues });
}

const codeForStatus: Record<number, ErrorCode> = {
  400: ErrorCode.BadRequest,
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  413: ErrorCode.PayloadTooLarge,
  429: ErrorCode.RateLimited,
  503: ErrorCode.Unavailable,
};

export function handleError(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof AppError) return errorResponse(error);
    // Core's error class: schemas built with zod/mini throw it as well as classic ones.
    if (error instanceof z.core.$ZodError) return errorResponse(validationError(error));
    const known = error instanceof HTTPException ? codeForStatus[error.status] : undefined;
    if (known !== undefined) return errorResponse(new AppError(known, error.message || known.toLowerCase()));
    logger.error('unhandled error', { reqId: c.get('reqId'), error: error.name, stack: error.stack ?? error.message });
    return errorResponse(new AppError(ErrorCode.Internal, 'internal error'));
  };
}

export const notFound: NotFoundHandler<AppEnv> = () => errorResponse(new AppError(ErrorCode.NotFound, 'no such route'));
