// How the auth machine reads a failed call: a refusal of our credentials ends the session, while
// an unreachable server (offline PWA) keeps it. Anything that is not an ApiError counts as network.
import { isApiError } from '@shared/api-error';
import type { ApiErrorInit } from '@shared/api-error';

const credentialFailureKinds: readonly string[] = ['admin-session-expired', 'api-key-invalid', 'unauthorized'];

export function toErrorInit(error: unknown): ApiErrorInit {
  return isApiError(error) ? error.toJSON() : { kind: 'network' };
}

/** The server refused our credentials, as opposed to being unreachable. */
export function isCredentialFailure(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return credentialFailureKinds.includes(error.kind) || error.status === 401 || error.status === 403;
}

/** Spec §5: an admin login response without a token is a failed login. */
export const missingTokenError: ApiErrorInit = {
  kind: 'bad-response',
  fields: [{ path: 'token', message: 'login response missing token' }],
};
