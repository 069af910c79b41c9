import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@shared/api/file-share.schema';
import { RowActions } from '@ui/components/row-actions';
import { formatBytes } from '@ui/lib/format-bytes';
import { creatorLabel } from '@ui/domain/shares/creator-label';
import { formatDateTime } from '@ui/lib/format-date-time';

type FileTableProps = {
  files: FileRecord[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], selected: boolean) => void;
  onEdit: (file: FileRecord) => void;
  onDelete: (file: FileRecord) => void;
};

/** One page of shared files; a checkbox per row feeds batch delete. */
export function FileTable({ files, selected, onSelect, onEdit, onDelete }: FileTableProps) {
  const { t, i18n } = useTranslation();
  const allSelected = files.length > 0 && files.every((file) => selected.has(file.id));
  const columns = {
    name: t('adminFiles.columns.name'),
    size: t('adminFiles.columns.size'),
    link: t('adminFiles.columns.link'),
    creator: t('adminFiles.columns.creator'),
    views: t('adminFiles.columns.views'),
    dates: t('adminFiles.columns.dates'),
    actions: t('adminFiles.columns.actions'),
  };

  return (
    <table className="data-table" aria-label={t('adminFiles.listLabel')}>
      <thead>
        <tr>
          <th scope="col" className="data-table__check">
            <input
              type="checkbox"
              aria-label={t('adminFiles.selectAll')}
              checked={allSelected}
              onChange={(e) =>
                onSelect(
                  files.map((file) => file.id),
                  e.target.checked,
                )
              }
            />
          </th>
          {Object.values(columns).map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {files.map((file) => (
          <tr key={file.id}>
            <td className="data-table__check">
              <input
                type="checkbox"
                aria-label={t('adminFiles.selectOne', { name: file.filename })}
                checked={selected.has(file.id)}
                onChange={(e) => onSelect([file.id], e.target.checked)}
              />
            </td>
            <td data-label={columns.name}>
              <div className="data-table__file">
                <span className="data-table__ellipsis" title={file.filename}>
                  {file.filename}
                </span>
                <span className="data-table__ellipsis data-table__sub" title={file.mimetype}>
                  {file.mimetype}
                </span>
                {file.source_path !== null && (
                  <span className="data-table__ellipsis data-table__sub" title={file.source_path}>
                    {t('adminFiles.fromMount', { path: file.source_path })}
                  </span>
                )}
              </div>
            </td>
            <td data-label={columns.size} className="nowrap">
              {formatBytes(file.size)}
            </td>
            <td data-label={columns.link}>
              <Link to="/file/$slug" params={{ slug: file.slug }} className="mono data-table__slug">
                {file.slug}
              </Link>
            </td>
            <td data-label={columns.creator}>{creatorLabel(t, file.created_by)}</td>
            <td data-label={columns.views} className="nowrap">
              {t('adminFiles.viewsOf', { views: file.views, max: file.max_views ? file.max_views : '∞' })}
            </td>
            <td data-label={columns.dates}>
              <div>
                {formatDateTime(file.created_at, i18n.language, '—')}
                <span className="data-table__sub">
                  {t('adminFiles.expiresOn', {
                    when: formatDateTime(file.expires_at, i18n.language, t('adminFiles.never')),
                  })}
                </span>
              </div>
            </td>
            <RowActions
              columnLabel={columns.actions}
              actions={[
                {
                  label: t('adminFiles.edit'),
                  name: t('adminFiles.editNamed', { name: file.filename }),
                  onClick: () => onEdit(file),
                },
                {
                  label: t('adminFiles.delete'),
                  name: t('adminFiles.deleteNamed', { name: file.filename }),
                  onClick: () => onDelete(file),
                },
              ]}
            />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
