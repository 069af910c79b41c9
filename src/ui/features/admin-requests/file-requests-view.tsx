import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRequestView } from '@shared/api/file-request.schema';
import { ConfirmDialog } from '@ui/components/confirm-dialog';
import { CountBadge } from '@ui/components/count-badge';
import { ManagementPage } from '@ui/components/management-page';
import { ResourceStatus } from '@ui/components/resource-status';
import { RowActions } from '@ui/components/row-actions';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { formatBytes } from '@ui/lib/format-bytes';
import { formatDateTime } from '@ui/lib/format-date-time';
import { toErrorInit } from '@ui/lib/to-error-init';
import { useFileRequests, useFileRequestWrites } from './data';
import { RequestFormDialog } from './request-form-dialog';
import { RequestUploadsDialog } from './request-uploads-dialog';

type Open =
  | { kind: 'none' }
  | { kind: 'create'; path?: string }
  | { kind: 'edit'; request: FileRequestView }
  | { kind: 'uploads'; request: FileRequestView }
  | { kind: 'delete'; request: FileRequestView };

/** The file requests: their state and arrivals, pause, reopen, close, edit, delete, and each one's uploads. */
export function FileRequestsView({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  const requests = useFileRequests();
  const writes = useFileRequestWrites();
  // The explorer's "Request files here…" opens this module with ?path=<folder>.
  const [open, setOpen] = useState<Open>(() => {
    const path = new URLSearchParams(window.location.search).get('path');
    return path === null || path === '' ? { kind: 'none' } : { kind: 'create', path };
  });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (window.location.search !== '') window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOpen({ kind: 'none' });
    setError(null);
  };
  const { update } = requests;
  const seen = useCallback(
    (id: string) => update((list) => list.map((r) => (r.id === id ? { ...r, new_uploads: 0 } : r))),
    [update],
  );

  const setStatus = async (request: FileRequestView, status: FileRequestView['status']) => {
    try {
      const updated = await writes.update(request.id, { status });
      requests.update((list) => list.map((r) => (r.id === updated.id ? updated : r)));
    } catch (failure) {
      setError(apiErrorMessage(t, toErrorInit(failure)));
    }
  };

  const remove = async (request: FileRequestView) => {
    setBusy(true);
    try {
      await writes.remove(request.id);
      requests.update((list) => list.filter((r) => r.id !== request.id));
      close();
    } catch (failure) {
      setError(apiErrorMessage(t, toErrorInit(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ManagementPage
      title={title}
      toolbar={
        <button type="button" className="button button--primary" onClick={() => setOpen({ kind: 'create' })}>
          {t('requests.create')}
        </button>
      }
    >
      {open.kind === 'none' && error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ResourceStatus
        state={requests.state}
        onRetry={requests.reload}
        isEmpty={(list) => list.length === 0}
        emptyText={t('requests.empty')}
      >
        {(list) => (
          <table className="data-table" aria-label={t('requests.listLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('requests.columns.title')}</th>
                <th scope="col">{t('requests.columns.folder')}</th>
                <th scope="col">{t('requests.columns.state')}</th>
                <th scope="col">{t('requests.columns.arrived')}</th>
                <th scope="col">{t('requests.columns.last')}</th>
                <th scope="col">{t('requests.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((request) => (
                <tr key={request.id}>
                  <td data-label={t('requests.columns.title')}>
                    {/* One grid item on phones, where each cell is a label and a value. */}
                    <span>
                      {request.title}
                      <CountBadge
                        count={request.new_uploads}
                        label={t('requests.newUploads', { count: request.new_uploads })}
                      />
                    </span>
                  </td>
                  <td data-label={t('requests.columns.folder')} className="mono">
                    {request.path}
                  </td>
                  <td data-label={t('requests.columns.state')}>{t(`requests.state.${request.state}`)}</td>
                  <td data-label={t('requests.columns.arrived')}>
                    {t('requests.arrived', { count: request.file_count, size: formatBytes(request.total_bytes) })}
                  </td>
                  <td data-label={t('requests.columns.last')}>
                    {formatDateTime(request.last_upload_at, i18n.language, '—')}
                  </td>
                  <RowActions
                    columnLabel={t('requests.columns.actions')}
                    actions={[
                      {
                        label: t('requests.open'),
                        name: t('requests.openNamed', { name: request.title }),
                        onClick: () => setOpen({ kind: 'uploads', request }),
                      },
                      {
                        label: t('requests.edit'),
                        name: t('requests.editNamed', { name: request.title }),
                        onClick: () => setOpen({ kind: 'edit', request }),
                      },
                      request.status === 'open'
                        ? {
                            label: t('requests.pause'),
                            name: t('requests.pauseNamed', { name: request.title }),
                            onClick: () => void setStatus(request, 'paused'),
                          }
                        : {
                            label: t('requests.reopen'),
                            name: t('requests.reopenNamed', { name: request.title }),
                            onClick: () => void setStatus(request, 'open'),
                          },
                      ...(request.status === 'closed'
                        ? []
                        : [
                            {
                              label: t('requests.close'),
                              name: t('requests.closeNamed', { name: request.title }),
                              onClick: () => void setStatus(request, 'closed'),
                            },
                          ]),
                      {
                        label: t('requests.delete'),
                        name: t('requests.deleteNamed', { name: request.title }),
                        onClick: () => setOpen({ kind: 'delete', request }),
                      },
                    ]}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ResourceStatus>
      {(open.kind === 'create' || open.kind === 'edit') && (
        <RequestFormDialog
          editing={open.kind === 'edit' ? open.request : null}
          {...(open.kind === 'create' && open.path !== undefined ? { path: open.path } : {})}
          onClose={close}
          onSaved={(saved) => {
            requests.reload();
            setOpen({ kind: 'uploads', request: saved });
          }}
        />
      )}
      {open.kind === 'uploads' && <RequestUploadsDialog request={open.request} onClose={close} onSeen={seen} />}
      {open.kind === 'delete' && (
        <ConfirmDialog
          title={t('requests.deleteTitle')}
          message={t('requests.deleteMessage', { name: open.request.title })}
          confirmLabel={t('requests.delete')}
          busy={busy}
          error={error}
          onConfirm={() => void remove(open.request)}
          onCancel={close}
        />
      )}
    </ManagementPage>
  );
}
