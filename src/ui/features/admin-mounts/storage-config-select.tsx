import { useTranslation } from 'react-i18next';
import { storageName } from '@ui/domain/storage/storage-labels';
import { SelectField } from '@ui/components/select-field';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import type { ResourceState } from '@ui/lib/use-resource';

type StorageConfigSelectProps = {
  configs: ResourceState<StorageConfig[]>;
  value: string;
  error: string | undefined;
  onChange: (config: StorageConfig | undefined) => void;
  onRetry: () => void;
};

/** The storage configs a mount can use; a failed load shows why, with a retry. */
export function StorageConfigSelect({ configs, value, error, onChange, onRetry }: StorageConfigSelectProps) {
  const { t } = useTranslation();
  const options = configs.status === 'ready' ? configs.data : [];
  return (
    <div className="field">
      <SelectField
        label={t('mounts.form.storageConfig')}
        value={value}
        disabled={configs.status !== 'ready'}
        error={error}
        onChange={(e) => onChange(options.find((c) => c.id === e.target.value))}
      >
        <option value="">{configs.status === 'loading' ? t('app.loading') : t('mounts.form.chooseConfig')}</option>
        {options.map((config) => (
          <option key={config.id} value={config.id}>
            {config.is_default
              ? t('mounts.form.defaultConfig', { name: storageName(t, config.name) })
              : storageName(t, config.name)}
          </option>
        ))}
      </SelectField>
      {configs.status === 'error' && (
        <div role="alert" className="form-error resource-error">
          <p>{t('mounts.form.configsFailed', { message: apiErrorMessage(t, configs.error) })}</p>
          <button type="button" className="button" onClick={onRetry}>
            {t('mounts.form.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
