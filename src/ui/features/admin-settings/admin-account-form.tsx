import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorInit } from '@shared/api-error';
import { ErrorCode } from '@shared/errors';
import { useAuthActor } from '@ui/domain/session/auth-provider';
import { FormError } from '@ui/components/form-error';
import { TextField } from '@ui/components/text-field';
import { prepareSubmit, useFormSubmit } from '@ui/lib/use-form-submit';
import {
  emptyAccountForm,
  toChangePasswordRequest,
  validateAccountForm,
  type AccountFormErrors,
  type AccountFormValues,
} from './account-form';
import { accountNotice } from './account-notice';
import { useChangeAdminAccount } from './data/use-settings';

const fields = [
  { name: 'currentPassword', autoComplete: 'current-password', type: 'password' },
  { name: 'newUsername', autoComplete: 'username', type: 'text' },
  { name: 'newPassword', autoComplete: 'new-password', type: 'password' },
  { name: 'confirmPassword', autoComplete: 'new-password', type: 'password' },
] as const satisfies readonly { name: keyof AccountFormValues; autoComplete: string; type: string }[];

/** A wrong current password and a taken username belong to their fields; the rest to the form. */
function refusalErrors(error: ApiErrorInit): AccountFormErrors | null {
  if (error.code === ErrorCode.WrongPassword) return { currentPassword: 'currentWrong' };
  if (error.code === ErrorCode.Conflict) return { newUsername: 'usernameTaken' };
  return null;
}

/** Renames the admin or changes the password; success ends every session, this one included. */
export function AdminAccountForm() {
  const { t } = useTranslation();
  const changeAccount = useChangeAdminAccount();
  const actor = useAuthActor();
  const navigate = useNavigate();
  const headingId = useId();
  const [values, setValues] = useState(emptyAccountForm);
  const { errors, formError, busy, formRef, submit } = useFormSubmit<AccountFormErrors>({ fieldErrors: refusalErrors });

  const prepare = () =>
    prepareSubmit(validateAccountForm(values), async () => {
      await changeAccount(toChangePasswordRequest(values));
      accountNotice.mark(window.sessionStorage);
      // The server has revoked every token already; a logout call would only meet a 401.
      actor.send({ type: 'auth.sessionEnded' });
      // The login screen is the panel's own address, not the settings module that just closed.
      void navigate({ to: '/admin', replace: true });
    });

  return (
    <form
      ref={formRef}
      className="form settings-card"
      onSubmit={submit(prepare)}
      noValidate
      aria-labelledby={headingId}
      aria-busy={busy}
    >
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
      <FormError message={formError} />
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('settings.account.saving') : t('settings.account.submit')}
        </button>
      </div>
    </form>
  );
}
