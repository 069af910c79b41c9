import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@shared/api/file-share.schema';
import { RowActions } from '../../components/row-actions';
import { formatBytes } from '../../lib/format-bytes';
import { formatDateTime } from '../../lib/format-date-time';

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
    name: t('adminFiles.columns.name'), size: t('adminFiles.columns.size'), type: t('adminFiles.columns.type'), link: t('adminFiles.columns.link'),
    creator: t('adminFiles.columns.creator'), views: t('adminFiles.columns.views'), expires: t('adminFiles.columns.expires'),
    created: t('adminFiles.columns.created'), actions: t('adminFiles.columns.actions'),
  };

  return (
    <table className="data-table" aria-label={t('adminFiles.listLabel')}>
      <thead>
        <tr>
          <th scope="col" className="data-table__check">
            <input type="checkbox" aria-label={t('adminFiles.selectAll')} checked={allSelected} onChange={(e) => onSelect(files.map((file) => file.id), e.target.checked)} />
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
              <input type="checkbox" aria-label={t('adminFiles.selectOne', { name: file.filename })} checked={selected.has(file.id)} onChange={(e) => onSelect([file.id], e.target.checked)} />
            </td>
            <td data-label={columns.name} className="mono">{file.filename}</td>
            <td data-label={columns.size}>{formatBytes(file.size, i18n.language)}</td>
            <td data-label={columns.type} className="mono">{file.mimetype}</td>
            <td data-label={columns.link}>
              <Link to="/file/$slug" params={{ slug: file.slug }} className="mono">
                {file.slug}
              </Link>
            </td>
            <td data-label={columns.creator} className="mono">{file.created_by ?? '—'}</td>
            <td data-label={columns.views}>{t('adminFiles.viewsOf', { views: file.views, max: file.max_views ? file.max_views : t('adminFiles.unlimited') })}</td>
            <td data-label={columns.expires}>{formatDateTime(file.expires_at, i18n.language, t('adminFiles.never'))}</td>
            <td data-label={columns.created}>{formatDateTime(file.created_at, i18n.language, '—')}</td>
            <RowActions
              columnLabel={columns.actions}
              actions={[
                { label: t('adminFiles.edit'), name: t('adminFiles.editNamed', { name: file.filename }), onClick: () => onEdit(file) },
                { label: t('adminFiles.delete'), name: t('adminFiles.deleteNamed', { name: file.filename }), onClick: () => onDelete(file) },
              ]}
            />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
