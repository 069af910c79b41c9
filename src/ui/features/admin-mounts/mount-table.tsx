import { useTranslation } from 'react-i18next';
import type { MountView } from '@shared/api/mount.schema';
import { RowActions } from '@ui/components/row-actions';
import { ActiveSwitch } from './active-switch';

type MountTableProps = {
  mounts: MountView[];
  configName: (id: string) => string;
  onChanged: (mount: MountView) => void;
  onError: (message: string) => void;
  onEdit: (mount: MountView) => void;
  onDelete: (mount: MountView) => void;
};

/** Mounts in their sort order, each with its active switch, edit and delete. */
export function MountTable({ mounts, configName, onChanged, onError, onEdit, onDelete }: MountTableProps) {
  const { t } = useTranslation();
  const sorted = [...mounts].sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name));
  return (
    <table className="data-table" aria-label={t('mounts.listLabel')}>
      <thead>
        <tr>
          <th scope="col">{t('mounts.columns.name')}</th>
          <th scope="col">{t('mounts.columns.path')}</th>
          <th scope="col">{t('mounts.columns.storage')}</th>
          <th scope="col">{t('mounts.columns.cacheTtl')}</th>
          <th scope="col">{t('mounts.columns.sortOrder')}</th>
          <th scope="col">{t('mounts.columns.active')}</th>
          <th scope="col">{t('mounts.columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((mount) => (
          <tr key={mount.id}>
            <td data-label={t('mounts.columns.name')}>
              {mount.name}
              {mount.remark && <span className="field__hint cell-note">{mount.remark}</span>}
            </td>
            <td data-label={t('mounts.columns.path')} className="mono">
              {mount.mount_path}
            </td>
            <td data-label={t('mounts.columns.storage')}>{configName(mount.storage_config_id)}</td>
            <td data-label={t('mounts.columns.cacheTtl')}>
              {mount.cache_ttl === 0 ? t('mounts.noCache') : t('mounts.ttlSeconds', { count: mount.cache_ttl })}
            </td>
            <td data-label={t('mounts.columns.sortOrder')}>{mount.sort_order}</td>
            <td data-label={t('mounts.columns.active')}>
              <ActiveSwitch mount={mount} onChanged={onChanged} onError={onError} />
            </td>
            <RowActions
              columnLabel={t('mounts.columns.actions')}
              actions={[
                {
                  label: t('mounts.edit'),
                  name: t('mounts.editNamed', { name: mount.name }),
                  onClick: () => onEdit(mount),
                },
                {
                  label: t('mounts.delete'),
                  name: t('mounts.deleteNamed', { name: mount.name }),
                  onClick: () => onDelete(mount),
                },
              ]}
            />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
