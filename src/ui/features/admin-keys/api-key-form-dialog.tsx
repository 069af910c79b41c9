import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyView, CreatedApiKey } from '@shared/api/api-key.schema';
import type { ApiErrorInit } from '@shared/api-error';
import { Dialog } from '@ui/components/dialog';
import { FormDialogActions } from '@ui/components/form-dialog-actions';
import { FormError } from '@ui/components/form-error';
import { TextField } from '@ui/components/text-field';
import { prepareSubmit, useFormSubmit } from '@ui/lib/use-form-submit';
import {
  toCreateRequest,
  toUpdateRequest,
  validateApiKeyForm,
  type ApiKeyFormErrors,
  type ApiKeyFormValues,
} from './api-key-form';
import { serverFieldError } from './api-key-server-error';
import { useApiKeyWrites } from './data/use-api-keys';
import { ExpiryField } from './expiry-field';
import { PermissionFields } from './permission-fields';

type ApiKeyFormDialogProps = {
  initial: ApiKeyFormValues;
  /** The key being edited; absent when creating. */
  editing: ApiKeyView | null;
  onClose: () => void;
  onSaved: (result: CreatedApiKey | ApiKeyView) => void;
};

function refusalErrors(error: ApiErrorInit): ApiKeyFormErrors | null {
  const found = serverFieldError(error);
  return found ? { [found.field]: found.code } : null;
}

export function ApiKeyFormDialog({ initial, editing, onClose, onSaved }: ApiKeyFormDialogProps) {
  const { t } = useTranslation();
  const writes = useApiKeyWrites();
  const [values, setValues] = useState(initial);
  const { errors, formError, busy, formRef, submit } = useFormSubmit<ApiKeyFormErrors>({ fieldErrors: refusalErrors });

  const set = <K extends keyof ApiKeyFormValues>(field: K, value: ApiKeyFormValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const message = (field: keyof ApiKeyFormErrors) => {
    const code = errors[field];
    return code ? t(`keys.form.errors.${code}`) : undefined;
  };
  const prepare = () =>
    prepareSubmit(validateApiKeyForm(values), async () =>
      onSaved(
        editing
          ? await writes.update(editing.id, toUpdateRequest(values))
          : await writes.create(toCreateRequest(values)),
      ),
    );

  return (
    <Dialog title={editing ? t('keys.form.editTitle') : t('keys.form.createTitle')} onClose={onClose}>
      <form ref={formRef} className="form" onSubmit={submit(prepare)} noValidate aria-busy={busy}>
        <TextField
          label={t('keys.form.name')}
          name="name"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          error={message('name')}
          required
        />
        {!editing && (
          <div>
            <TextField
              label={t('keys.form.customKey')}
              name="customKey"
              autoComplete="off"
              spellCheck={false}
              value={values.customKey}
              onChange={(e) => set('customKey', e.target.value)}
              error={message('customKey')}
            />
            <p className="field__hint">{t('keys.form.customKeyHint')}</p>
          </div>
        )}
        <ExpiryField
          expiry={values.expiry}
          customDays={values.customDays}
          allowKeep={editing !== null}
          error={message('customDays')}
          onExpiry={(expiry) => set('expiry', expiry)}
          onCustomDays={(days) => set('customDays', days)}
        />
        <PermissionFields values={values} onChange={(flag, checked) => set(flag, checked)} />
        <div>
          <TextField
            label={t('keys.form.basicPath')}
            name="basicPath"
            value={values.basicPath}
            onChange={(e) => set('basicPath', e.target.value)}
            error={message('basicPath')}
          />
          <p className="field__hint">{t('keys.form.basicPathHint')}</p>
        </div>
        <FormError message={formError} />
        <FormDialogActions
          busy={busy}
          busyLabel={t('keys.form.saving')}
          submitLabel={editing ? t('keys.form.save') : t('keys.form.createSubmit')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
