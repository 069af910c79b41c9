import { useTranslation } from 'react-i18next';
import { storageName } from '@ui/domain/storage/storage-labels';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import { SelectField } from '@ui/components/select-field';
import { TextField } from '@ui/components/text-field';
import { isUploadExpiryPreset, uploadExpiryPresets } from './expiry-hours';
import type { UploadOptionsForm, UploadOptionsProblems } from './upload-options';

type UploadOptionsFieldsProps = {
  form: UploadOptionsForm;
  configs: StorageConfig[];
  problems: UploadOptionsProblems;
  onChange: (change: Partial<UploadOptionsForm>) => void;
};

/** Storage, link suffix, folder, remark, password, expiry and view limit for the next upload. */
export function UploadOptionsFields({ form, configs, problems, onChange }: UploadOptionsFieldsProps) {
  const { t } = useTranslation();
  const problem = (key: keyof UploadOptionsProblems) => {
    const code = problems[key];
    return code ? t(`upload.options.problems.${code}`) : undefined;
  };

  return (
    <fieldset className="upload-options">
      <legend className="section-title">{t('upload.options.title')}</legend>
      {configs.length > 0 && (
        <SelectField
          label={t('upload.options.storage')}
          value={form.storageConfigId}
          onChange={(e) => onChange({ storageConfigId: e.target.value })}
        >
          {configs.map((config) => (
            <option key={config.id} value={config.id}>
              {config.is_default
                ? t('upload.options.storageDefault', { name: storageName(t, config.name) })
                : storageName(t, config.name)}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label={t('upload.options.slug')}
        value={form.slug}
        error={problem('slug')}
        hint={t('upload.options.slugHint')}
        onChange={(e) => onChange({ slug: e.target.value })}
      />
      <TextField
        label={t('upload.options.path')}
        value={form.path}
        onChange={(e) => onChange({ path: e.target.value })}
      />
      <TextField
        label={t('upload.options.remark')}
        value={form.remark}
        onChange={(e) => onChange({ remark: e.target.value })}
      />
      <TextField
        label={t('upload.options.password')}
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={(e) => onChange({ password: e.target.value })}
      />
      <SelectField
        label={t('upload.options.expiry')}
        value={form.expiry}
        onChange={(e) => isUploadExpiryPreset(e.target.value) && onChange({ expiry: e.target.value })}
      >
        {uploadExpiryPresets.map((preset) => (
          <option key={preset} value={preset}>
            {t(`upload.options.expiryOptions.${preset}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('upload.options.maxViews')}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        value={form.maxViews}
        error={problem('maxViews')}
        onChange={(e) => onChange({ maxViews: e.target.value })}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.e2ee}
          aria-describedby="upload-e2ee-hint"
          onChange={(e) => onChange({ e2ee: e.target.checked })}
        />
        {t('upload.options.e2ee')}
      </label>
      <p id="upload-e2ee-hint" className="field__hint">
        {t('upload.options.e2eeHint')}
      </p>
      {form.e2ee && (
        <TextField
          label={t('upload.options.passphrase')}
          type="password"
          autoComplete="new-password"
          value={form.passphrase}
          error={problem('passphrase')}
          hint={t('upload.options.passphraseHint')}
          onChange={(e) => onChange({ passphrase: e.target.value })}
        />
      )}
    </fieldset>
  );
}
