import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifiedFile } from '@shared/api/file-share.schema';
import { TextField } from '../../components/text-field';
import { apiErrorMessage } from '../../lib/api-error-message';
import { toErrorInit } from '../../lib/to-error-init';
import { useFilePasswordCheck } from './data/use-public-file';

type PasswordPromptProps = { slug: string; onVerified: (file: VerifiedFile) => void };

/** Asks for a protected file's password; the answer carries short-lived links, never the password. */
export function PasswordPrompt({ slug, onVerified }: PasswordPromptProps) {
  const { t } = useTranslation();
  const check = useFilePasswordCheck(slug);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError(t('fileView.password.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onVerified(await check(password));
    } catch (failure) {
      setError(apiErrorMessage(t, toErrorInit(failure)));
      setBusy(false);
    }
  };

  return (
    <form className="form login" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{t('fileView.password.title')}</h2>
      <p className="notice">{t('fileView.password.intro')}</p>
      <TextField label={t('fileView.password.label')} type="password" autoComplete="current-password" value={password} error={error ?? undefined} onChange={(e) => setPassword(e.target.value)} autoFocus />
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? t('fileView.password.busy') : t('fileView.password.submit')}
      </button>
    </form>
  );
}
