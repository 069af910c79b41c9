import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifiedFile } from '@shared/api/file-share.schema';
import { PasswordPrompt as Prompt } from '@ui/components/password-prompt';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import { useFilePasswordCheck } from './data/use-public-file';

type PasswordPromptProps = { slug: string; onVerified: (file: VerifiedFile) => void };

/** Asks for a protected file's password; the answer carries short-lived links, never the password. */
export function PasswordPrompt({ slug, onVerified }: PasswordPromptProps) {
  const { t } = useTranslation();
  const check = useFilePasswordCheck(slug);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (password: string) => {
    setBusy(true);
    setError(null);
    try {
      onVerified(await check(password));
    } catch (failure) {
      setError(apiErrorMessage(t, toErrorInit(failure)));
      setBusy(false);
    }
  };

  const text = {
    title: t('fileView.password.title'),
    intro: t('fileView.password.intro'),
    label: t('fileView.password.label'),
    required: t('fileView.password.required'),
    submit: t('fileView.password.submit'),
    busy: t('fileView.password.busy'),
  };
  return <Prompt text={text} busy={busy} error={error} onSubmit={(password) => void submit(password)} />;
}
