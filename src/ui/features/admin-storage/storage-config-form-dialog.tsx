import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorageConfig } from '../../../shared/api/storage-config.schema';
import { useApiClient } from '../../app/api-client-provider';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { createStorageConfig, updateStorageConfig } from '../../lib/api/storage-configs';
import { apiErrorMessage } from '../../lib/api-error-message';
import { toErrorInit } from '../../lib/use-resource';
import { createRequestFrom, s3ProviderTypes, storageProblems, updateRequestFrom, type StorageForm, type StorageProblems } from './storage-config-form';

type Props = { initial: StorageForm; editing: StorageConfig | null; onClose: () => void; onSaved: () => void };
type TextKey = 'name' | 'endpoint_url' | 'bucket_name' | 'region' | 'access_key_id' | 'secret_access_key' | 'default_folder' | 'quotaGb' | 'signature_expires_in';
type FlagKey = 'path_style' | 'is_public' | 'use_proxy';

/** Create or edit one S3-compatible storage; the secret is never shown, only replaced. */
export function StorageConfigFormDialog({ initial, editing, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const api = useApiClient();
  const providerId = useId();
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<StorageProblems>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<StorageForm>) => setForm((current) => ({ ...current, ...change }));

  const text = (key: TextKey, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      value={form[key]}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      error={problems[key] ? t(`storage.problems.${problems[key]}`) : undefined}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );
  const flag = (key: FlagKey, label: string) => (
    <label className="check-field">
      <input type="checkbox" checked={form[key]} onChange={(e) => set({ [key]: e.target.checked })} />
      {label}
    </label>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = storageProblems(form, editing !== null);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setError(t('storage.form.invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (editing) await updateStorageConfig(api, editing.id, updateRequestFrom(form));
      else await createStorageConfig(api, createRequestFrom(form));
      onSaved();
    } catch (failure) {
      setError(apiErrorMessage(t, toErrorInit(failure)));
      setBusy(false);
    }
  };

  return (
    <Dialog title={editing ? t('storage.form.editTitle') : t('storage.form.createTitle')} onClose={onClose}>
      <form className="form storage-form" onSubmit={(event) => void submit(event)} noValidate>
        {text('name', t('storage.form.name'))}
        <div className="field">
          <label htmlFor={providerId} className="field__label">
            {t('storage.form.provider')}
          </label>
          <select
            id={providerId}
            className="input"
            value={form.provider_type}
            onChange={(e) => set({ provider_type: s3ProviderTypes.find((type) => type === e.target.value) ?? form.provider_type })}
          >
            {s3ProviderTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        {text('endpoint_url', t('storage.form.endpoint'), 'url')}
        {text('bucket_name', t('storage.form.bucket'))}
        {text('region', t('storage.form.region'))}
        {text('access_key_id', t('storage.form.accessKey'))}
        {text('secret_access_key', editing ? t('storage.form.secretKeep') : t('storage.form.secretKey'), 'password')}
        {text('default_folder', t('storage.form.defaultFolder'))}
        {text('quotaGb', t('storage.form.quota'), 'number')}
        {text('signature_expires_in', t('storage.form.signatureTtl'), 'number')}
        {flag('path_style', t('storage.form.pathStyle'))}
        {flag('is_public', t('storage.form.isPublic'))}
        {flag('use_proxy', t('storage.form.useProxy'))}
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? t('storage.form.saving') : t('storage.form.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
