import { useTranslation } from 'react-i18next';
import type { FileRequestView } from '@shared/api/file-request.schema';
import { Dialog } from '@ui/components/dialog';
import { ResourceStatus } from '@ui/components/resource-status';
import { ShareLink } from '@ui/components/share-link';
import { formatBytes } from '@ui/lib/format-bytes';
import { formatDateTime } from '@ui/lib/format-date-time';
import { useRequestUploadsList } from './data';

/** A request's link (copy, QR code) and what arrived through it: who, when, sizes, where. */
export function RequestUploadsDialog({ request, onClose }: { request: FileRequestView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const uploads = useRequestUploadsList(request.id);
  return (
    <Dialog title={request.title} onClose={onClose} wide>
      <ShareLink url={request.url} label={t('requests.link')} />
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
