// The folder's part of the page: loading, error and empty states, the entries, and the paging
// status below them.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineFallback } from '@ui/components/offline-fallback';
import { LoadError, LoadingNotice } from '@ui/components/resource-status';
import { formatDateTime } from '@ui/lib/format-date-time';
import type { FsListing } from '@shared/api/fs.schema';
import type { FolderState } from './data/use-folder-listing';
import type { FsScope } from './data/fs-scope';

type FolderBodyProps = {
  state: FolderState;
  scope: FsScope;
  canWrite: boolean;
  view: ReactNode;
  onRetry: () => void;
  onLoadMore: () => void;
};

export function FolderBody({ state, scope, canWrite, view, onRetry, onLoadMore }: FolderBodyProps) {
  const { t, i18n } = useTranslation();
  if (state.status === 'loading') return <LoadingNotice />;
  // Offline with no copy kept on this device: the "temporarily unavailable" page (issue 11).
  if (state.status === 'error' && state.error.kind === 'network') return <OfflineFallback />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={onRetry} />;
  const { listing, loadingMore, moreError, offlineCopy, offlinePartial } = state;
  // The marker the paste and file pages show on their offline copies (issue 11).
  const copyNote = offlineCopy !== undefined && (
    <p className="notice explorer__offline-copy" role="note">
      {t(offlinePartial ? 'explorer.offlineCopyPartial' : 'explorer.offlineCopy', {
        when: formatDateTime(offlineCopy, i18n.language),
        count: listing.items.length,
      })}
    </p>
  );
  if (listing.items.length === 0) {
    return (
      <>
        {copyNote}
        <EmptyFolder listing={listing} scope={scope} canWrite={canWrite} />
      </>
    );
  }
  const count = listing.items.length;
  return (
    <>
      {copyNote}
      <p className="explorer__count">
        {listing.nextCursor ? t('explorer.countMore', { count }) : t('explorer.count', { count })}
      </p>
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

function EmptyFolder({ listing, scope, canWrite }: { listing: FsListing; scope: FsScope; canWrite: boolean }) {
  const { t } = useTranslation();
  if (listing.isRoot || listing.isVirtual) {
    return scope === 'admin' ? (
      <p className="notice explorer__empty">
        {t('explorer.empty.rootAdmin')}{' '}
        <Link to="/admin/$module" params={{ module: 'mount-management' }}>
          {t('explorer.empty.mountLink')}
        </Link>
      </p>
    ) : (
      <p className="notice explorer__empty">{t('explorer.empty.root')}</p>
    );
  }
  return (
    <p className="notice explorer__empty">
      {canWrite ? t('explorer.empty.folderWritable') : t('explorer.empty.folder')}
    </p>
  );
}
