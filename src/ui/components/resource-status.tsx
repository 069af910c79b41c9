import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api-error-message';
import type { ResourceState } from '../lib/use-resource';

type ResourceStatusProps<T> = {
  state: ResourceState<T>;
  onRetry: () => void;
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
};

/** The loading, error (with retry) and empty states every list shares; the data otherwise. */
export function ResourceStatus<T>({ state, onRetry, isEmpty, emptyText, children }: ResourceStatusProps<T>) {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return (
      <p className="notice" role="status">
        {t('app.loading')}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="form-error resource-error" role="alert">
        <p>{apiErrorMessage(t, state.error)}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t('fallback.retry')}
        </button>
      </div>
    );
  }
  if (isEmpty?.(state.data)) return <p className="notice">{emptyText}</p>;
  return children(state.data);
}
