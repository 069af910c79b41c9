import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorInit } from '@shared/api-error';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import type { ResourceState } from '@ui/lib/use-resource';

type ResourceStatusProps<T> = {
  state: ResourceState<T>;
  onRetry: () => void;
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
};

/** The line shown while something loads. */
export function LoadingNotice() {
  const { t } = useTranslation();
  return (
    <p className="notice" role="status">
      {t('app.loading')}
    </p>
  );
}

/** A failed load, translated by its error code, with a retry. */
export function LoadError({ error, onRetry }: { error: ApiErrorInit; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="form-error resource-error" role="alert">
      <p>{apiErrorMessage(t, error)}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('fallback.retry')}
      </button>
    </div>
  );
}

/** The loading, error (with retry) and empty states every list shares; the data otherwise. */
export function ResourceStatus<T>({ state, onRetry, isEmpty, emptyText, children }: ResourceStatusProps<T>) {
  if (state.status === 'loading') return <LoadingNotice />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={onRetry} />;
  if (isEmpty?.(state.data)) return <p className="notice">{emptyText}</p>;
  return children(state.data);
}
