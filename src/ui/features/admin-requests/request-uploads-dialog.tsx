import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRequestUpload, FileRequestView } from '@shared/api/file-request.schema';
import { Dialog } from '@ui/components/dialog';
import { ResourceStatus } from '@ui/components/resource-status';
import { ShareLink } from '@ui/components/share-link';
import { formatBytes } from '@ui/lib/format-bytes';
import { formatDateTime } from '@ui/lib/format-date-time';
import { arrivalsChanged } from '@ui/domain/file-requests/request-arrivals-signal';
import { useFileRequestWrites, useRequestUploadsList } from './data';
import { WebhookDeliveryStatus } from './webhook-delivery-status';

type Props = { request: FileRequestView; onClose: () => void; onSeen: (id: string) => void };

/** The newest commit the owner is shown, up to which arrivals count as seen. */
function newestCommit(list: readonly FileRequestUpload[]): string | undefined {
  return list.reduce<string | undefined>(
    (newest, upload) =>
      upload.committed_at !== null && (newest === undefined || upload.committed_at > newest)
        ? upload.committed_at
        : newest,
    undefined,
  );
}

/**
 * A request's link (copy, QR code), its webhook's last delivery and what arrived through it: who,
 * when, sizes, where. Once the uploads are on screen, they are no longer new (the badges clear).
 */
export function RequestUploadsDialog({ request, onClose, onSeen }: Props) {
  const { t, i18n } = useTranslation();
  const uploads = useRequestUploadsList(request.id);
  const { markSeen } = useFileRequestWrites();
  const shown = uploads.state.status === 'ready' ? uploads.state.data : null;
  useEffect(() => {
    if (shown === null || request.new_uploads === 0) return;
    markSeen(request.id, newestCommit(shown)).then(
      () => {
        onSeen(request.id);
        arrivalsChanged();
      },
      // Still new: the badge stays until the next time the uploads are opened.
      () => undefined,
    );
  }, [shown, request.id, request.new_uploads, markSeen, onSeen]);
  return (
    <Dialog title={request.title} onClose={onClose} wide>
      <ShareLink url={request.url} label={t('requests.link')} />
      <WebhookDeliveryStatus request={request} />
      <h3>{t('requests.uploads.title')}</h3>
      <ResourceStatus
        state={uploads.state}
        onRetry={uploads.reload}
        isEmpty={(list) => list.length === 0}
        emptyText={t('requests.uploads.empty')}
      >
        {(list) => (
          <table className="data-table" aria-label={t('requests.uploads.title')}>
            <thead>
              <tr>
                <th scope="col">{t('requests.uploads.name')}</th>
                <th scope="col">{t('requests.uploads.from')}</th>
                <th scope="col">{t('requests.uploads.size')}</th>
                <th scope="col">{t('requests.uploads.when')}</th>
                <th scope="col">{t('requests.uploads.where')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((upload) => (
                <tr key={upload.id}>
                  <td data-label={t('requests.uploads.name')}>
                    {upload.name}
                    {upload.status === 'pending' ? ` (${t('requests.uploads.pending')})` : ''}
                  </td>
                  <td data-label={t('requests.uploads.from')}>{upload.uploader_name ?? '—'}</td>
                  <td data-label={t('requests.uploads.size')}>{formatBytes(upload.size)}</td>
                  <td data-label={t('requests.uploads.when')}>
                    {formatDateTime(upload.committed_at ?? upload.created_at, i18n.language)}
                  </td>
                  <td data-label={t('requests.uploads.where')} className="mono">
                    {upload.path}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ResourceStatus>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('requests.closeDialog')}
        </button>
      </div>
    </Dialog>
  );
}
