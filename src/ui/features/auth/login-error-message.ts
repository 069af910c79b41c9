import type { TFunction } from 'i18next';
import type { ApiErrorInit } from '@shared/api-error';
import { apiErrorMessage } from '@ui/lib/api-error-message';

export type LoginMode = 'password' | 'apiKey';

/** Login failures read as login failures: bad credentials, missing token, bad key. */
export function loginErrorMessage(t: TFunction, mode: LoginMode, error: ApiErrorInit): string {
  if (mode === 'password' && error.kind === 'invalid-credentials') return t('auth.login.invalidCredentials');
  if (mode === 'password' && error.kind === 'bad-response') return t('auth.login.missingToken');
  if (mode === 'apiKey' && error.kind === 'bad-response') return t('auth.login.apiKeyFailed');
  return apiErrorMessage(t, error);
}
