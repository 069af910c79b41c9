// One error vocabulary for server and clients. The server maps each code to an HTTP status;
// the client maps status + code back to a typed error and a translated message.
import * as z from 'zod/mini';

export const ErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  BadRequest: 'BAD_REQUEST',
  Unauthorized: 'UNAUTHORIZED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  TokenExpired: 'TOKEN_EXPIRED',
  ApiKeyInvalid: 'API_KEY_INVALID',
  PasswordRequired: 'PASSWORD_REQUIRED',
  WrongPassword: 'WRONG_PASSWORD',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  SlugTaken: 'SLUG_TAKEN',
  Gone: 'GONE',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  QuotaExceeded: 'QUOTA_EXCEEDED',
  RateLimited: 'RATE_LIMITED',
  Internal: 'INTERNAL',
  Unavailable: 'UNAVAILABLE',
  /** A service the server depends on (a storage endpoint) answered badly or not at all. */
  BadGateway: 'BAD_GATEWAY',
  /** A URL the server was asked to fetch points at an address it refuses (loopback, private, metadata, …) or a scheme other than http(s). */
  UrlNotAllowed: 'URL_NOT_ALLOWED',
  /** A URL the server was asked to fetch could not be read: an HTTP error (`upstreamStatus`), no answer in time, too many redirects. */
  UrlFetchFailed: 'URL_FETCH_FAILED',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorCodeSchema = z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]);

export const httpStatusOf: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  API_KEY_INVALID: 401,
  PASSWORD_REQUIRED: 401,
  WRONG_PASSWORD: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SLUG_TAKEN: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  QUOTA_EXCEEDED: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  BAD_GATEWAY: 502,
  URL_NOT_ALLOWED: 400,
  URL_FETCH_FAILED: 502,
};

/** One field that failed validation, named by its dotted path. */
export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** The `data` of every error envelope. */
export const errorDataSchema = z.object({
  error: errorCodeSchema,
  issues: z.optional(z.array(fieldIssueSchema)),
  retryAfterSeconds: z.optional(z.int().check(z.nonnegative())),
  /** The HTTP status a fetched URL answered with (URL_FETCH_FAILED). */
  upstreamStatus: z.optional(z.int().check(z.gte(100), z.lte(599))),
});
export type ErrorData = z.infer<typeof errorDataSchema>;
