import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ApiErrorInit } from '@shared/api-error';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import { apiErrorMessage } from '@ui/lib/api-error-message';

type PasteStatusScreenProps =
  | { kind: 'missing' | 'gone' | 'noKey' | 'wrongKey'; onRetry?: undefined; error?: undefined }
  | { kind: 'failed'; error: ApiErrorInit; onRetry: () => void };

/** Not found (404), expired or used up (410), an encrypted paste without its key, or a failed load with a retry. */
export function PasteStatusScreen({ kind, error, onRetry }: PasteStatusScreenProps) {
  const { t } = useTranslation();
  const title = t(`pastes.status.${kind}Title`);
  useDocumentTitle(title);
  return (
    <section className="page fallback" role="alert" aria-labelledby="paste-status-title" data-status={kind}>
      <h1 id="paste-status-title" className="page__title">
        {title}
      </h1>
      <p>{error ? apiErrorMessage(t, error) : t(`pastes.status.${kind}`)}</p>
      <div className="actions">
        <Link to="/" className="button button--primary">
          {t('pastes.status.home')}
        </Link>
        {onRetry && (
          <button type="button" className="button" onClick={onRetry}>
            {t('fallback.retry')}
          </button>
        )}
      </div>
    </section>
  );
}
