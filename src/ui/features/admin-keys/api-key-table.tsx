import { useTranslation } from 'react-i18next';
import type { ApiKeyView } from '@shared/api/api-key.schema';
import { RowActions } from '@ui/components/row-actions';
import { formatDateTime } from '@ui/lib/format-date-time';
import { PermissionBadges } from './permission-badges';

type ApiKeyTableProps = {
  keys: ApiKeyView[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], selected: boolean) => void;
  onEdit: (key: ApiKeyView) => void;
  onDelete: (key: ApiKeyView) => void;
  onProfiles: (key: ApiKeyView) => void;
};

/** Every key with its rights and dates; a checkbox per row feeds bulk delete. */
export function ApiKeyTable({ keys, selected, onSelect, onEdit, onDelete, onProfiles }: ApiKeyTableProps) {
  const { t, i18n } = useTranslation();
  const allSelected = keys.length > 0 && keys.every((k) => selected.has(k.id));
  const expiry = (value: string | null) => {
    const text = formatDateTime(value, i18n.language, t('keys.never'));
    return value !== null && Date.parse(value) <= Date.now() ? `${text} (${t('keys.expired')})` : text;
  };

  return (
    <table className="data-table" aria-label={t('keys.listLabel')}>
      <thead>
        <tr>
          <th scope="col" className="data-table__check">
            <input
              type="checkbox"
              aria-label={t('keys.selectAll')}
              checked={allSelected}
              onChange={(e) =>
                onSelect(
                  keys.map((k) => k.id),
                  e.target.checked,
                )
              }
            />
          </th>
          <th scope="col">{t('keys.columns.name')}</th>
          <th scope="col">{t('keys.columns.key')}</th>
          <th scope="col">{t('keys.columns.permissions')}</th>
          <th scope="col">{t('keys.columns.basicPath')}</th>
          <th scope="col">{t('keys.columns.expires')}</th>
          <th scope="col">{t('keys.columns.lastUsed')}</th>
          <th scope="col">{t('keys.columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id}>
            <td className="data-table__check">
              <input
                type="checkbox"
                aria-label={t('keys.selectOne', { name: key.name })}
                checked={selected.has(key.id)}
                onChange={(e) => onSelect([key.id], e.target.checked)}
              />
            </td>
            <td data-label={t('keys.columns.name')}>{key.name}</td>
            <td data-label={t('keys.columns.key')} className="mono nowrap">
              {key.key_masked}
            </td>
            <td data-label={t('keys.columns.permissions')}>
              <PermissionBadges apiKey={key} />
            </td>
            <td data-label={t('keys.columns.basicPath')} className="mono">
              {key.basic_path}
            </td>
            <td data-label={t('keys.columns.expires')}>{expiry(key.expires_at)}</td>
            <td data-label={t('keys.columns.lastUsed')}>
              {formatDateTime(key.last_used_at, i18n.language, t('keys.notUsed'))}
            </td>
            <RowActions
              columnLabel={t('keys.columns.actions')}
              actions={[
                { label: t('keys.edit'), name: t('keys.editNamed', { name: key.name }), onClick: () => onEdit(key) },
                ...(key.file_permission
                  ? [
                      {
                        label: t('keys.tools.open'),
                        name: t('keys.tools.openNamed', { name: key.name }),
                        onClick: () => onProfiles(key),
                      },
                    ]
                  : []),
                {
                  label: t('keys.delete'),
                  name: t('keys.deleteNamed', { name: key.name }),
                  onClick: () => onDelete(key),
                },
              ]}
            />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
