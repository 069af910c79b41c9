import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyView, CreatedApiKey } from '../../../shared/api/api-key.schema';
import { useApiClient } from '../../app/api-client-provider';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { createApiKey, updateApiKey } from '../../lib/api/api-keys';
import { apiErrorMessage } from '../../lib/api-error-message';
import { toErrorInit } from '../../lib/use-resource';
import { toCreateRequest, toUpdateRequest, validateApiKeyForm, type ApiKeyFormErrors, type ApiKeyFormValues } from './api-key-form';
import { serverFieldError } from './api-key-server-error';
import { ExpiryField } from './expiry-field';
import { PermissionFields } from './permission-fields';

type ApiKeyFormDialogProps = {
  initial: ApiKeyFormValues;
  /** The key being edited; absent when creating. */
  editing: ApiKeyView | null;
  onClose: () => void;
  onSaved: (result: CreatedApiKey | ApiKeyView) => void;
};

export function ApiKeyFormDialog({ initial, editing, onClose, onSaved }: ApiKeyFormDialogProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ApiKeyFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = <K extends keyof ApiKeyFormValues>(field: K, value: ApiKeyFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const message = (field: keyof ApiKeyFormErrors) => {
    const code = errors[field];
    return code ? t(`keys.form.errors.${code}`) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateApiKeyForm(values);
    setErrors(found);
    setFormError(null);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      onSaved(editing ? await updateApiKey(api, editing.id, toUpdateRequest(values)) : await createApiKey(api, toCreateRequest(values)));
    } catch (error) {
      const init = toErrorInit(error);
      const field = serverFieldError(init);
      if (field) setErrors({ [field.field]: field.code });
      else setFormError(apiErrorMessage(t, init));
      setAttempt((n) => n + 1);
      setBusy(false);
    }
  };

  return (
    <Dialog title={editing ? t('keys.form.editTitle') : t('keys.form.createTitle')} onClose={onClose}>
      <form ref={form} className="form" onSubmit={submit} noValidate aria-busy={busy}>
        <TextField label={t('keys.form.name')} name="name" value={values.name} onChange={(e) => set('name', e.target.value)} error={message('name')} required />
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
          <TextField label={t('keys.form.basicPath')} name="basicPath" value={values.basicPath} onChange={(e) => set('basicPath', e.target.value)} error={message('basicPath')} />
          <p className="field__hint">{t('keys.form.basicPathHint')}</p>
        </div>
        {formError && (
          <p role="alert" className="form-error">
            {formError}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('keys.form.saving') : editing ? t('keys.form.save') : t('keys.form.createSubmit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
