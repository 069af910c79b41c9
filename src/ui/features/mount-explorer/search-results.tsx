// The hits of a search, each opening its folder (a file opens there in the preview).
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FS_SEARCH_COUNT_CAP } from '@shared/api/fs.schema';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { formatBytes } from '@ui/lib/format-bytes';
import type { SearchState } from './data/use-fs-search';
import { EntryIcon } from './entry-icon';
import { decodeSegment, parentOf } from './fs-paths';
import { folderTarget } from './use-explorer-navigation';

type SearchResultsProps = {
  state: Exclude<SearchState, { status: 'idle' }>;
  onMore: () => void;
  onRetry: () => void;
  onClose: () => void;
};

export function SearchResults({ state, onMore, onRetry, onClose }: SearchResultsProps) {
  const { t } = useTranslation();
  const q = state.request.q;
  return (
    <section className="search-results" aria-labelledby="search-results-title">
      <div className="search-results__head">
        <h2 id="search-results-title" className="search-results__title" aria-live="polite">
          {state.status === 'loading' && t('app.loading')}
          {state.status === 'error' && t('explorer.search.label')}
          {state.status === 'ready' &&
            (state.totalCapped
              ? t('explorer.search.resultsCapped', { count: FS_SEARCH_COUNT_CAP, q })
              : t('explorer.search.results', { count: state.total, q }))}
        </h2>
        <button type="button" className="button" onClick={onClose}>
          {t('explorer.search.close')}
        </button>
      </div>
      {state.status === 'error' && (
        <div className="form-error resource-error" role="alert">
          <p>{apiErrorMessage(t, state.error)}</p>
          <button type="button" className="button" onClick={onRetry}>
            {t('explorer.retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && state.results.length === 0 && (
        <p className="notice">{t('explorer.search.none', { q })}</p>
      )}
      {state.status === 'ready' && state.results.length > 0 && (
        <ul className="search-results__list">
          {state.results.map((hit) => {
            const parent = parentOf(hit.path);
            const target = hit.isDirectory ? folderTarget(hit.path) : folderTarget(parent, hit.name);
            const where = decodeSegment(parent);
            return (
              <li key={hit.path} className="search-hit">
                <Link {...target} className="search-hit__link" onClick={onClose}>
                  <EntryIcon entry={hit} />
                  <span className="search-hit__name">{hit.name}</span>
                </Link>
                <span className="search-hit__where">
                  {t('explorer.search.location', { folder: where })}
                  {hit.isDirectory ? '' : ` · ${formatBytes(hit.size ?? 0)}`}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {state.status === 'ready' && state.hasMore && (
        <button
          type="button"
          className="button"
          onClick={onMore}
          disabled={state.loadingMore}
          aria-busy={state.loadingMore}
        >
          {t('explorer.search.more')}
        </button>
      )}
    </section>
  );
}
