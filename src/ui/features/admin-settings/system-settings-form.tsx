import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadSizeUnits, webdavUploadModes, type SystemSettings } from '@shared/api/settings.schema';
import { SelectField } from '@ui/components/select-field';
import { TextField } from '@ui/components/text-field';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import { useSaveSystemSettings } from './data/use-settings';
import {
  settingsFormFrom,
  toSettingsRequest,
  validateSettingsForm,
  validateThumbnailLimit,
  type SettingsFormError,
  type ThumbnailLimitError,
} from './settings-form';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

export function SystemSettingsForm({
  settings,
  onSaved,
}: {
  settings: SystemSettings;
  onSaved: (settings: SystemSettings) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveSystemSettings();
  const headingId = useId();
  const [values, setValues] = useState(() => settingsFormFrom(settings));
  const [error, setError] = useState<SettingsFormError | undefined>();
  const [thumbError, setThumbError] = useState<ThumbnailLimitError | undefined>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const change = (next: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...next }));
    setStatus({ kind: 'idle' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSettingsForm(values);
    const thumbFound = validateThumbnailLimit(values);
    setError(found);
    setThumbError(thumbFound);
    if (found || thumbFound) {
      const name = found ? 'maxUploadSize' : 'thumbnailMaxMb';
      event.currentTarget.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
      return;
    }
    setStatus({ kind: 'saving' });
    try {
      onSaved(await save(toSettingsRequest(values)));
      setStatus({ kind: 'saved' });
    } catch (e) {
      setStatus({ kind: 'failed', message: apiErrorMessage(t, toErrorInit(e)) });
    }
  };

  return (
    <form className="form settings-card" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.system.title')}</h2>
      <div className="form-row">
        <TextField
          label={t('settings.system.maxUploadSize')}
          name="maxUploadSize"
          type="number"
          inputMode="numeric"
          min={1}
          value={values.maxUploadSize}
          onChange={(e) => change({ maxUploadSize: e.target.value })}
          error={error ? t(`settings.system.errors.${error}`) : undefined}
          required
        />
        <SelectField
          label={t('settings.system.unit')}
          value={values.unit}
          onChange={(e) => change({ unit: uploadSizeUnits.find((u) => u === e.target.value) ?? 'MB' })}
        >
          {uploadSizeUnits.map((unit) => (
            <option key={unit}>{unit}</option>
          ))}
        </SelectField>
      </div>
      <SelectField
        label={t('settings.system.webdavMode')}
        value={values.webdavMode}
        onChange={(e) => change({ webdavMode: webdavUploadModes.find((m) => m === e.target.value) ?? 'auto' })}
      >
        {webdavUploadModes.map((mode) => (
          <option key={mode} value={mode}>
            {t(`settings.system.modes.${mode}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('settings.system.thumbnailMaxMb')}
        name="thumbnailMaxMb"
        type="number"
        inputMode="numeric"
        min={1}
        value={values.thumbnailMaxMb}
        onChange={(e) => change({ thumbnailMaxMb: e.target.value })}
        error={thumbError ? t(`settings.system.errors.${thumbError}`) : undefined}
        required
      />
      <label className="check">
        <input
          type="checkbox"
          checked={values.guestPastes}
          onChange={(e) => change({ guestPastes: e.target.checked })}
        />
        {t('settings.system.guestPastes')}
      </label>
      {status.kind === 'failed' && (
        <p role="alert" className="form-error">
          {status.message}
        </p>
      )}
      <p role="status" className="field__hint settings-saved">
        {status.kind === 'saved' ? t('settings.system.saved') : ''}
      </p>
      <div>
        <button type="submit" className="button button--primary" disabled={status.kind === 'saving'}>
          {status.kind === 'saving' ? t('settings.system.saving') : t('settings.system.save')}
        </button>
      </div>
    </form>
  );
}
