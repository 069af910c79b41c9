import { useTranslation } from 'react-i18next';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import { RowActions, type RowAction } from '@ui/components/row-actions';
import { formatBytes } from '@ui/lib/format-bytes';
import { driverLabel, providerLabel, storageName } from '@ui/domain/storage/storage-labels';

export type StorageAction = 'edit' | 'test' | 'default' | 'cors' | 'delete';

type StorageConfigTableProps = {
  configs: StorageConfig[];
  busyId: string | null;
  onAction: (action: StorageAction, config: StorageConfig) => void;
};

/** Every storage with its bucket, flags and usage; each row carries its own actions. */
export function StorageConfigTable({ configs, busyId, onAction }: StorageConfigTableProps) {
  const { t } = useTranslation();
  const size = (bytes: number) => formatBytes(bytes);
  const action = (kind: StorageAction, config: StorageConfig, label: string, name: string): RowAction => ({
    label,
    name,
    disabled: busyId === config.id,
    onClick: () => onAction(kind, config),
  });

  return (
    <table className="data-table" aria-label={t('storage.listLabel')}>
      <thead>
        <tr>
          <th scope="col">{t('storage.columns.name')}</th>
          <th scope="col">{t('storage.columns.driver')}</th>
          <th scope="col">{t('storage.columns.provider')}</th>
          <th scope="col">{t('storage.columns.bucket')}</th>
          <th scope="col">{t('storage.columns.flags')}</th>
          <th scope="col">{t('storage.columns.usage')}</th>
          <th scope="col">{t('storage.columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {configs.map((config) => (
          <tr key={config.id}>
            <td data-label={t('storage.columns.name')}>{storageName(t, config.name)}</td>
            <td data-label={t('storage.columns.driver')}>{driverLabel(t, config.driver)}</td>
            <td data-label={t('storage.columns.provider')}>{providerLabel(t, config.provider_type)}</td>
            <td data-label={t('storage.columns.bucket')} className="mono">
              {config.bucket_name ?? '—'}
            </td>
            <td data-label={t('storage.columns.flags')}>
              <span className="badges">
                {config.is_default && <span className="badge">{t('storage.defaultBadge')}</span>}
                {config.is_public && <span className="badge badge--muted">{t('storage.publicBadge')}</span>}
              </span>
            </td>
            <td data-label={t('storage.columns.usage')}>
              {config.total_storage_bytes === null
                ? t('storage.usageUnlimited', { used: size(config.used_storage_bytes) })
                : t('storage.usage', {
                    used: size(config.used_storage_bytes),
                    total: size(config.total_storage_bytes),
                  })}
            </td>
            <RowActions
              columnLabel={t('storage.columns.actions')}
              actions={[
                action('edit', config, t('storage.edit'), t('storage.editNamed', { name: config.name })),
                action('test', config, t('storage.test'), t('storage.testNamed', { name: config.name })),
                ...(config.is_default
                  ? []
                  : [
                      action(
                        'default',
                        config,
                        t('storage.setDefault'),
                        t('storage.setDefaultNamed', { name: config.name }),
                      ),
                    ]),
                ...(config.driver === 's3'
                  ? [action('cors', config, t('storage.applyCors'), t('storage.applyCorsNamed', { name: config.name }))]
                  : []),
                action('delete', config, t('storage.delete'), t('storage.deleteNamed', { name: config.name })),
              ]}
            />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
