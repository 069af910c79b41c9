// How the auth machine reads a failed call: a refusal of our credentials ends the session, while
// an unreachable server (offline PWA) keeps it. Anything that is not an ApiError counts as network.
import { isApiError } from '@shared/api-error';
import type { ApiErrorInit, ApiErrorKind } from '@shared/api-error';

// Kinds follow the ErrorCode: TOKEN_EXPIRED, API_KEY_INVALID, UNAUTHORIZED and FORBIDDEN.
const credentialFailureKinds: readonly ApiErrorKind[] = [
  'admin-session-expired',
  'api-key-invalid',
  'unauthorized',
  'forbidden',
];

export function toErrorInit(error: unknown): ApiErrorInit {
  return isApiError(error) ? error.toJSON() : { kind: 'network' };
}

/** The server refused our credentials, as opposed to being unreachable. */
export function isCredentialFailure(error: unknown): boolean {
  return isApiError(error) && credentialFailureKinds.includes(error.kind);
}

/** An admin login response without a token is a failed login. */
export const missingTokenError: ApiErrorInit = {
  kind: 'bad-response',
  fields: [{ path: 'token', message: 'login response missing token' }],
};
