// Turns a failed exchange into an ApiError. The decision rests on the ErrorCode in the envelope,
// never on the HTTP status or the path; only a reply that carries no envelope (a proxy's error
// page, say) falls back to the status.
import * as z from 'zod/mini';
import { ApiError, type ApiErrorKind } from '@shared/api-error';
import { errorEnvelopeSchema } from '@shared/envelope';
import type { ErrorCode } from '@shared/errors';

export const kindOfCode: Record<ErrorCode, ApiErrorKind> = {
  VALIDATION_FAILED: 'validation',
  BAD_REQUEST: 'validation',
  UNAUTHORIZED: 'unauthorized',
  INVALID_CREDENTIALS: 'invalid-credentials',
  TOKEN_EXPIRED: 'admin-session-expired',
  API_KEY_INVALID: 'api-key-invalid',
  PASSWORD_REQUIRED: 'password-required',
  WRONG_PASSWORD: 'incorrect-password',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not-found',
  CONFLICT: 'conflict',
  SLUG_TAKEN: 'slug-taken',
  GONE: 'gone',
  PAYLOAD_TOO_LARGE: 'too-large',
  QUOTA_EXCEEDED: 'quota',
  RATE_LIMITED: 'rate-limited',
  INTERNAL: 'server-error',
  UNAVAILABLE: 'unavailable',
  BAD_GATEWAY: 'unavailable',
  URL_NOT_ALLOWED: 'validation',
  URL_FETCH_FAILED: 'unavailable',
};

/** The codes that mean the credentials themselves are no longer good. */
export type ExpiredCredential = 'admin' | 'apikey';
export function expiredCredentialOf(code: ErrorCode | undefined): ExpiredCredential | undefined {
  if (code === 'TOKEN_EXPIRED') return 'admin';
  if (code === 'API_KEY_INVALID') return 'apikey';
  return undefined;
}

const looseMessageSchema = z.object({ message: z.string() });
const MAX_TEXT_MESSAGE = 300;

export function parseRetryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
}

/** The error for a reply that is not a success: `body` is the parsed JSON or the raw text. */
export function failureOf(status: number, body: unknown, retryAfterHeader: string | null): ApiError {
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) {
    const { message, data } = envelope.data;
    return new ApiError({
      kind: kindOfCode[data.error],
      status,
      code: data.error,
      serverMessage: message || undefined,
      fields: data.issues,
      retryAfterSeconds: data.retryAfterSeconds ?? parseRetryAfter(retryAfterHeader),
      ...(data.upstreamStatus === undefined ? {} : { upstreamStatus: data.upstreamStatus }),
    });
  }
  const loose = looseMessageSchema.safeParse(body);
  const text = typeof body === 'string' ? body.trim() : '';
  const serverMessage = loose.success
    ? loose.data.message || undefined
    : text && text.length <= MAX_TEXT_MESSAGE
      ? text
      : undefined;
  return new ApiError({
    kind: status >= 500 ? 'unavailable' : 'http',
    status,
    serverMessage,
    retryAfterSeconds: parseRetryAfter(retryAfterHeader),
  });
}
