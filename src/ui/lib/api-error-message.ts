// Turns an ApiError into the text a user reads. Spec §8 prefers the server's own message for
// some kinds (wrong password, taken slug, plain HTTP failures); the rest use a translated text.
import type { TFunction } from 'i18next';
import type { ApiErrorInit, ApiErrorKind } from '@shared/api-error';

const serverMessageFirst: ReadonlySet<ApiErrorKind> = new Set<ApiErrorKind>([
  'incorrect-password',
  'verification-failed',
  'forbidden',
  'not-found',
  'gone',
  'slug-taken',
  'validation',
  'too-large',
  'http',
]);

export function apiErrorMessage(t: TFunction, error: ApiErrorInit): string {
  if (serverMessageFirst.has(error.kind) && error.serverMessage) return error.serverMessage;
  if (error.kind === 'rate-limited') {
    return error.retryAfterSeconds === undefined
      ? t('errors.rate-limited-now')
      : t('errors.rate-limited', { seconds: error.retryAfterSeconds });
  }
  if (error.kind === 'http') return t('errors.http', { status: error.status ?? 0 });
  return t(`errors.${error.kind}`);
}
