// The client-side error catalogue (spec §8). The API client turns every failure into an
// ApiError; the UI translates `kind` (i18n key `errors.<kind>`) and may show `serverMessage`.
import type { ErrorCode } from './errors';

export const apiErrorKinds = [
  'incorrect-password',
  'invalid-credentials',
  'password-required',
  'conflict',
  'quota',
  'server-error',
  'unavailable',
  'admin-session-expired',
  'api-key-invalid',
  'unauthorized',
  'forbidden',
  'not-found',
  'gone',
  'slug-taken',
  'validation',
  'rate-limited',
  'too-large',
  'http',
  'cancelled',
  'timeout',
  'network',
  /** Not sent: the write was queued offline and will be replayed (spec §7). */
  'queued',
  'bad-response',
] as const;
export type ApiErrorKind = (typeof apiErrorKinds)[number];

export type ApiErrorInit = {
  kind: ApiErrorKind;
  status?: number;
  code?: ErrorCode;
  serverMessage?: string;
  retryAfterSeconds?: number;
  fields?: { path: string; message: string }[];
  /** The HTTP status a URL the server fetched answered with (URL_FETCH_FAILED). */
  upstreamStatus?: number;
};

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: ErrorCode | undefined;
  readonly serverMessage: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly fields: { path: string; message: string }[];
  readonly upstreamStatus: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.serverMessage ?? init.kind);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.fields = init.fields ?? [];
    this.upstreamStatus = init.upstreamStatus;
  }

  /** A plain, structured-cloneable copy for machine context and worker messages. */
  toJSON(): ApiErrorInit {
    return {
      kind: this.kind,
      status: this.status,
      code: this.code,
      serverMessage: this.serverMessage,
      retryAfterSeconds: this.retryAfterSeconds,
      fields: this.fields,
      ...(this.upstreamStatus === undefined ? {} : { upstreamStatus: this.upstreamStatus }),
    };
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
