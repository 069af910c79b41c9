// Maps a failed HTTP exchange to the spec §8 error catalogue. Kept pure so every row of the
// catalogue can be tested without a network; the client only decides what to do with `expired`.
import { z } from 'zod';
import { ApiError, type ApiErrorInit, type ApiErrorKind } from '@shared/api-error';
import { errorEnvelopeSchema } from '@shared/envelope';

export type CredentialScheme = 'admin' | 'apikey';
/** Calls whose 401 means "wrong password" rather than "not logged in". */
export type RequestPurpose = 'password-verify' | 'change-password';

export type FailedExchange = {
  status: number;
  /** Parsed JSON, or the raw text of a non-JSON body. */
  body: unknown;
  retryAfterHeader: string | null;
  path: string;
  purpose: RequestPurpose | undefined;
  scheme: CredentialScheme | undefined;
};

export type Failure = { error: ApiError; expired: CredentialScheme | undefined };

const FILE_OR_UPLOAD_PATH = /^\/(?:(?:admin|user|public)\/)?(?:upload|upload-direct|s3|url|files|fs)(?:\/|$)/;
const MAX_TEXT_MESSAGE = 300;

const looseMessageSchema = z.object({ message: z.string() });

type ServerDetails = Pick<ApiErrorInit, 'serverMessage' | 'code' | 'fields' | 'retryAfterSeconds'>;

function serverDetails(body: unknown): ServerDetails {
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) {
    const { message, data } = envelope.data;
    return {
      serverMessage: message || undefined,
      code: data.error,
      fields: data.issues,
      retryAfterSeconds: data.retryAfterSeconds,
    };
  }
  const loose = looseMessageSchema.safeParse(body);
  if (loose.success) return { serverMessage: loose.data.message || undefined };
  if (typeof body === 'string') {
    const text = body.trim();
    if (text && text.length <= MAX_TEXT_MESSAGE) return { serverMessage: text };
  }
  return {};
}

function parseRetryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
}

type Classified = { kind: ApiErrorKind; expired?: CredentialScheme };

function classifyUnauthorized(x: FailedExchange, hasServerMessage: boolean): Classified {
  if (x.purpose === 'password-verify') return { kind: 'incorrect-password' };
  if (x.purpose === 'change-password') return { kind: 'verification-failed' };
  if (x.scheme === 'admin') return { kind: 'admin-session-expired', expired: 'admin' };
  // A key that reaches a file or upload path is valid but lacks a right there: keep the session.
  if (x.scheme === 'apikey' && hasServerMessage && FILE_OR_UPLOAD_PATH.test(x.path)) return { kind: 'forbidden' };
  if (x.scheme === 'apikey') return { kind: 'api-key-invalid', expired: 'apikey' };
  return { kind: 'unauthorized' };
}

const kindByStatus: Partial<Record<number, ApiErrorKind>> = {
  400: 'validation',
  403: 'forbidden',
  404: 'not-found',
  409: 'slug-taken',
  410: 'gone',
  413: 'too-large',
  429: 'rate-limited',
};

export function failureFromExchange(x: FailedExchange): Failure {
  const details = serverDetails(x.body);
  const retryAfterSeconds = details.retryAfterSeconds ?? parseRetryAfter(x.retryAfterHeader);
  const { kind, expired }: Classified =
    x.status === 401 ? classifyUnauthorized(x, details.serverMessage !== undefined) : { kind: kindByStatus[x.status] ?? 'http' };
  return { error: new ApiError({ ...details, kind, status: x.status, retryAfterSeconds }), expired };
}
