// Turns an ApiError into the text a user reads, always from the locale bundles, chosen by the
// error's kind (itself decided by the server's ErrorCode): a server's English message never
// reaches the interface. A form that knows better (a field's own message) asks for the code first.
import type { TFunction } from 'i18next';
import type { ApiErrorInit } from '@shared/api-error';

export function apiErrorMessage(t: TFunction, error: ApiErrorInit): string {
  if (error.kind === 'rate-limited') {
    return error.retryAfterSeconds === undefined
      ? t('errors.rate-limited-now')
      : t('errors.rate-limited', { seconds: error.retryAfterSeconds });
  }
  if (error.kind === 'http') return t('errors.http', { status: error.status ?? 0 });
  if (error.kind === 'validation' && error.fields !== undefined && error.fields.length > 0) {
    return t('errors.validation-fields', { fields: [...new Set(error.fields.map((field) => field.path))].join(', ') });
  }
  return t(`errors.${error.kind}`);
}
