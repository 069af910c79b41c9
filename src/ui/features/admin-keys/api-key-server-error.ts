import type { ApiErrorInit } from '@shared/api-error';
import { ErrorCode } from '@shared/errors';

type ServerFieldError = { field: 'name' | 'customKey'; code: 'nameTaken' | 'keyTaken' };

/**
 * A CONFLICT names either the key's name or its custom key; the server says which only in its
 * message, so a mention of custom_key decides.
 */
export function serverFieldError(error: ApiErrorInit): ServerFieldError | null {
  if (error.code !== ErrorCode.Conflict) return null;
  return /custom_key/i.test(error.serverMessage ?? '')
    ? { field: 'customKey', code: 'keyTaken' }
    : { field: 'name', code: 'nameTaken' };
}
