import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { providerLabel } from '@ui/domain/storage/storage-labels';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import { Dialog } from '@ui/components/dialog';
import { FormDialogActions } from '@ui/components/form-dialog-actions';
import { FormError } from '@ui/components/form-error';
import { SelectField } from '@ui/components/select-field';
import { TextField } from '@ui/components/text-field';
import { prepareSubmit, useFormSubmit } from '@ui/lib/use-form-submit';
import { useStorageConfigWrites } from './data/use-storage-configs';
import {
  createRequestFrom,
  s3ProviderTypes,
  storageProblems,
  updateRequestFrom,
  type StorageForm,
  type StorageProblems,
} from './storage-config-form';

type Props = { initial: StorageForm; editing: StorageConfig | null; onClose: () => void; onSaved: () => void };
type TextKey =
  | 'name'
  | 'endpoint_url'
  | 'bucket_name'
  | 'region'
  | 'access_key_id'
  | 'secret_access_key'
  | 'default_folder'
  | 'quotaGb'
  | 'signature_expires_in';
type FlagKey = 'path_style' | 'is_public' | 'use_proxy';

/** Create or edit one S3-compatible storage; the secret is never shown, only replaced. */
export function StorageConfigFormDialog({ initial, editing, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const writes = useStorageConfigWrites();
  const [form, setForm] = useState(initial);
  const { errors: problems, formError, busy, formRef, submit } = useFormSubmit<StorageProblems>();
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

  const prepare = () =>
    prepareSubmit(
      storageProblems(form, editing !== null),
      async () => {
        if (editing) await writes.update(editing.id, updateRequestFrom(form));
        else await writes.create(createRequestFrom(form));
        onSaved();
      },
      t('storage.form.invalid'),
    );

  return (
    <Dialog title={editing ? t('storage.form.editTitle') : t('storage.form.createTitle')} onClose={onClose}>
      <form ref={formRef} className="form storage-form" onSubmit={submit(prepare)} noValidate>
        {text('name', t('storage.form.name'))}
        <SelectField
          label={t('storage.form.provider')}
          value={form.provider_type}
          onChange={(e) =>
            set({ provider_type: s3ProviderTypes.find((type) => type === e.target.value) ?? form.provider_type })
          }
        >
          {s3ProviderTypes.map((type) => (
            <option key={type} value={type}>
              {providerLabel(t, type)}
            </option>
          ))}
        </SelectField>
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
        <FormError message={formError} />
        <FormDialogActions
          busy={busy}
          busyLabel={t('storage.form.saving')}
          submitLabel={t('storage.form.save')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
