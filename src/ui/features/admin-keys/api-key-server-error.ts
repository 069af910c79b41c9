import type { ApiErrorInit } from '@shared/api-error';

type ServerFieldError = { field: 'name' | 'customKey'; code: 'nameTaken' | 'keyTaken' };

/**
 * A 409 names either the key's name or its custom key; the server says which only in its
 * message, so a mention of custom_key decides.
 */
export function serverFieldError(error: ApiErrorInit): ServerFieldError | null {
  if (error.status !== 409) return null;
  return /custom_key/i.test(error.serverMessage ?? '') ? { field: 'customKey', code: 'keyTaken' } : { field: 'name', code: 'nameTaken' };
}
