import { useTranslation } from 'react-i18next';
import type { PublicFile } from '@shared/api/file-share.schema';
import { formatBytes } from '@ui/lib/format-bytes';
import { useDateTime } from '@ui/lib/page-zone';

/** Name, size, type, views and expiry of a shared file. */
export function FileInfo({ file }: { file: PublicFile }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useDateTime();
  const rows: [string, string, string?][] = [
    [t('fileView.info.name'), file.filename],
    [t('fileView.info.size'), formatBytes(file.size)],
    [t('fileView.info.type'), file.mimetype],
    [
      t('fileView.info.views'),
      file.max_views ? t('fileView.info.viewsLimited', { views: file.views, max: file.max_views }) : String(file.views),
      t('fileView.info.viewsHint'),
    ],
    [
      t('fileView.info.expires'),
      file.expires_at === null ? t('fileView.info.never') : formatDateTime(file.expires_at, i18n.language),
    ],
  ];
  if (file.remark) rows.push([t('fileView.info.remark'), file.remark]);

  return (
    <dl className="file-info" aria-label={t('fileView.info.label')}>
      {rows.map(([term, value, hint]) => (
        <div key={term} className="file-info__row">
          <dt>{term}</dt>
          <dd>
            {value}
            {hint && <small className="file-info__hint">{hint}</small>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
