import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorInit } from '@shared/api-error';
import { TextField } from '@ui/components/text-field';
import { apiErrorMessage } from '@ui/lib/api-error-message';

type PasswordPromptProps = { busy: boolean; error: ApiErrorInit | null; onSubmit: (password: string) => void };

/** Asks for a protected paste's password; a wrong one and a rate limit are explained in place. */
export function PasswordPrompt({ busy, error, onSubmit }: PasswordPromptProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(password === '');
    if (password !== '') onSubmit(password);
  };

  const message = error && (error.kind === 'incorrect-password' ? t('pastes.view.wrongPassword') : apiErrorMessage(t, error));
  return (
    <form className="form password-prompt" onSubmit={submit} noValidate aria-busy={busy}>
      <p>{t('pastes.view.protected')}</p>
      <TextField
        label={t('pastes.view.password')}
        type="password"
        autoComplete="off"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={missing ? t('pastes.view.passwordRequired') : undefined}
        autoFocus
      />
      {message && (
        <p role="alert" className="form-error">
          {message}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('pastes.view.unlocking') : t('pastes.view.unlock')}
        </button>
      </div>
    </form>
  );
}
