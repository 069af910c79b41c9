// What the URL tab says about a URL it cannot upload, from the locale bundles only, chosen by the
// server's ErrorCode: refused address, HTTP error with its status, no
// answer, or a file whose size is unknown or over the limit.
import type { TFunction } from 'i18next';
import type { ApiErrorInit } from '@shared/api-error';
import type { UrlInfo } from '@shared/api/url-upload.schema';
import { apiErrorMessage } from '@ui/lib/api-error-message';

export type UrlProblem =
  | { key: 'invalid' | 'not-allowed' | 'unreachable' | 'size-unknown' }
  | { key: 'fetch-failed'; status: number }
  | { key: 'too-large'; maxBytes: number }
  | { key: 'other'; error: ApiErrorInit };

export function problemOfError(error: ApiErrorInit): UrlProblem {
  if (error.code === 'URL_NOT_ALLOWED') return { key: 'not-allowed' };
  if (error.code === 'URL_FETCH_FAILED')
    return error.upstreamStatus === undefined
      ? { key: 'unreachable' }
      : { key: 'fetch-failed', status: error.upstreamStatus };
  if (error.code === 'VALIDATION_FAILED' && error.fields?.some((field) => field.path === 'url'))
    return { key: 'invalid' };
  return { key: 'other', error };
}

/** Why a described URL cannot be uploaded, or null when it can. */
export function problemOfInfo(info: UrlInfo, maxBytes: number): UrlProblem | null {
  if (info.size === null || info.size === 0) return { key: 'size-unknown' };
  if (info.size > maxBytes) return { key: 'too-large', maxBytes };
  return null;
}

export function urlProblemText(t: TFunction, problem: UrlProblem, formatSize: (bytes: number) => string): string {
  switch (problem.key) {
    case 'fetch-failed':
      return t('upload.url.problems.fetch-failed', { status: problem.status });
    case 'too-large':
      return t('upload.url.problems.too-large', { size: formatSize(problem.maxBytes) });
    case 'other':
      return t('upload.url.problems.other', { reason: apiErrorMessage(t, problem.error) });
    default:
      return t(`upload.url.problems.${problem.key}`);
  }
}
