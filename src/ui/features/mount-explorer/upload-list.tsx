import { useTranslation } from 'react-i18next';
import { formatBytes } from '@ui/lib/format-bytes';
import type { MountUpload } from './data/use-mount-uploads';

type UploadListProps = { uploads: MountUpload[]; onCancel: (id: string) => void; onClear: () => void };

/** The explorer's uploads with per-file progress; a failed one says why. */
export function UploadList({ uploads, onCancel, onClear }: UploadListProps) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  const finished = uploads.some((item) => item.status === 'done' || item.status === 'error');
  return (
    <section className="explorer-uploads" aria-labelledby="explorer-uploads-title">
      <div className="explorer-uploads__head">
        <h2 id="explorer-uploads-title" className="explorer-uploads__title">
          {t('explorer.uploads.title')}
        </h2>
        {finished && (
          <button type="button" className="button" onClick={onClear}>
            {t('explorer.uploads.clear')}
          </button>
        )}
      </div>
      <ul className="explorer-uploads__list">
        {uploads.map((item) => (
          <li key={item.id} className="explorer-upload" data-status={item.status}>
            <span className="explorer-upload__name">{item.name}</span>
            <span className="explorer-upload__size">{formatBytes(item.size)}</span>
            <progress max={100} value={item.percent} aria-label={t('explorer.uploads.progress', { name: item.name })} />
            <span className="explorer-upload__state" role={item.status === 'error' ? 'alert' : undefined}>
              {item.status === 'pending' && t('explorer.uploads.pending')}
              {item.status === 'uploading' && t('explorer.uploads.uploading', { percent: Math.round(item.percent) })}
              {item.status === 'done' && t('explorer.uploads.done')}
              {item.status === 'error' && t(`upload.errors.${item.errorCode ?? 'internal'}`, { status: '?' })}
            </span>
            {(item.status === 'pending' || item.status === 'uploading') && (
              <button
                type="button"
                className="button explorer-upload__cancel"
                aria-label={t('explorer.uploads.cancel', { name: item.name })}
                onClick={() => onCancel(item.id)}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
