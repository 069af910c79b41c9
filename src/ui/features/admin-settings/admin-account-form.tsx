import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../app/api-client-provider';
import { useAuthActor } from '../../app/auth-provider';
import { TextField } from '../../components/text-field';
import { changePassword } from '../../lib/api/auth';
import { apiErrorMessage } from '../../lib/api-error-message';
import { toErrorInit } from '../../lib/use-resource';
import { emptyAccountForm, toChangePasswordRequest, validateAccountForm, type AccountFormErrors, type AccountFormValues } from './account-form';
import { accountNotice } from './account-notice';

const fields = [
  { name: 'currentPassword', autoComplete: 'current-password', type: 'password' },
  { name: 'newUsername', autoComplete: 'username', type: 'text' },
  { name: 'newPassword', autoComplete: 'new-password', type: 'password' },
  { name: 'confirmPassword', autoComplete: 'new-password', type: 'password' },
] as const satisfies readonly { name: keyof AccountFormValues; autoComplete: string; type: string }[];

/** Renames the admin or changes the password; success ends every session, this one included. */
export function AdminAccountForm() {
  const { t } = useTranslation();
  const api = useApiClient();
  const actor = useAuthActor();
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(emptyAccountForm);
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAccountForm(values);
    setErrors(found);
    setFormError(null);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword(api, toChangePasswordRequest(values));
      accountNotice.mark(window.sessionStorage);
      actor.send({ type: 'auth.logout' });
    } catch (error) {
      const init = toErrorInit(error);
      if (init.status === 401) setErrors({ currentPassword: 'currentWrong' });
      else if (init.status === 409) setErrors({ newUsername: 'usernameTaken' });
      else setFormError(apiErrorMessage(t, init));
      setAttempt((n) => n + 1);
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="form settings-card" onSubmit={submit} noValidate aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId}>{t('settings.account.title')}</h2>
      <p className="field__hint">{t('settings.account.intro')}</p>
      {fields.map((field) => {
        const code = errors[field.name];
        return (
          <TextField
            key={field.name}
            label={t(`settings.account.${field.name}`)}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
            error={code ? t(`settings.account.errors.${code}`) : undefined}
          />
        );
      })}
      {formError && (
        <p role="alert" className="form-error">
          {formError}
        </p>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('settings.account.saving') : t('settings.account.submit')}
        </button>
      </div>
    </form>
  );
}
