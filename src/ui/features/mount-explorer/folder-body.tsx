// The folder's part of the page: loading, error and empty states, the entries, and the paging
// status below them.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingNotice } from '@ui/components/resource-status';
import type { FolderState } from './data/use-folder-listing';
import type { FsScope } from './data/use-fs-calls';

type FolderBodyProps = { state: FolderState; scope: FsScope; canWrite: boolean; view: ReactNode; onRetry: () => void; onLoadMore: () => void };

export function FolderBody({ state, scope, canWrite, view, onRetry, onLoadMore }: FolderBodyProps) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <LoadingNotice />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={onRetry} />;
  const { listing, loadingMore, moreError } = state;
  if (listing.items.length === 0) {
    if (listing.isRoot || listing.isVirtual) {
      return scope === 'admin' ? (
        <p className="notice explorer__empty">
          {t('explorer.empty.rootAdmin')} <Link to="/admin/$module" params={{ module: 'mount-management' }}>{t('explorer.empty.mountLink')}</Link>
        </p>
      ) : (
        <p className="notice explorer__empty">{t('explorer.empty.root')}</p>
      );
    }
    return <p className="notice explorer__empty">{canWrite ? t('explorer.empty.folderWritable') : t('explorer.empty.folder')}</p>;
  }
  const count = listing.items.length;
  return (
    <>
      <p className="explorer__count">{listing.nextCursor ? t('explorer.countMore', { count }) : t('explorer.count', { count })}</p>
      {view}
      {loadingMore && (
        <p className="notice" role="status">
          {t('explorer.loadingMore')}
        </p>
      )}
      {moreError && (
        <div className="form-error resource-error" role="alert">
          <p>{t('explorer.loadMoreFailed')}</p>
          <button type="button" className="button" onClick={onLoadMore}>
            {t('explorer.retry')}
          </button>
        </div>
      )}
    </>
  );
}
