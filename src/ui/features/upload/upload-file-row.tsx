import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { UploadFileState } from '@machines/upload.machine';
import { formatBytes } from '@ui/lib/format-bytes';
import { formatTimeLeft } from './format-time-left';
import { ShareResult } from './share-result';
import { useTransferStats } from './transfer-stats';

/** A cancel while a URL is still downloading reads "download cancelled". */
function errorText(file: UploadFileState, t: TFunction): string {
  if (file.errorCode === null) return t('upload.errors.internal');
  if (file.errorCode === 'cancelled' && file.url !== null && file.stage === 'downloading')
    return t('upload.errors.download-cancelled');
  return t(`upload.errors.${file.errorCode}`, { status: file.errorStatus ?? '?' });
}

type UploadFileRowProps = { file: UploadFileState; onCancel: (fileId: string) => void };

/** One file of a batch: progress bar with percent, speed and time left, then its link or error. */
export function UploadFileRow({ file, onCancel }: UploadFileRowProps) {
  const { t } = useTranslation();
  const stats = useTransferStats(file.id);
  const running = file.status === 'pending' || file.status === 'uploading';
  const stage = file.status === 'pending' ? t('upload.stage.pending') : t(`upload.stage.${file.stage}`);

  return (
    <li className="upload-row" data-status={file.status}>
      <div className="upload-row__head">
        <span className="upload-row__name">{file.name}</span>
        <span className="upload-row__size">{formatBytes(file.size)}</span>
        {running && (
          <button
            type="button"
            className="button"
            aria-label={t('upload.file.cancel', { name: file.name })}
            onClick={() => onCancel(file.id)}
          >
            {t('dialog.cancel')}
          </button>
        )}
      </div>
      {file.status !== 'error' && (
        <>
          <progress
            className="upload-row__bar"
            max={100}
            value={file.percent}
            aria-label={t('upload.file.progress', { name: file.name })}
          />
          <p className="upload-row__meta">
            <span>{stage}</span>
            <span>{file.percent}%</span>
            {file.status === 'uploading' && stats && (
              <>
                <span>{t('upload.file.speed', { speed: formatBytes(stats.bytesPerSecond) })}</span>
                <span>{t('upload.file.timeLeft', { time: formatTimeLeft(stats.secondsLeft) })}</span>
              </>
            )}
          </p>
        </>
      )}
      {file.status === 'uploading' && stats?.source === 'proxy' && (
        <p className="upload-row__note">{t('upload.url.source.proxy')}</p>
      )}
      {file.status === 'error' && (
        <p role="alert" className="field__error">
          {errorText(file, t)}
        </p>
      )}
      {file.status === 'success' && file.share && <ShareResult slug={file.share.slug} url={file.share.url} />}
    </li>
  );
}
