// Whatever a request threw, as the plain ApiErrorInit a screen translates; anything that is not
// an ApiError counts as a network failure.
import { isApiError, type ApiErrorInit } from '@shared/api-error';

export function toErrorInit(error: unknown): ApiErrorInit {
  return isApiError(error) ? error.toJSON() : { kind: 'network' };
}
