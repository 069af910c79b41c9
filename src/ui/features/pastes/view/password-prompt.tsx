import { useTranslation } from 'react-i18next';
import type { ApiErrorInit } from '@shared/api-error';
import { PasswordPrompt as Prompt } from '@ui/components/password-prompt';
import { apiErrorMessage } from '@ui/lib/api-error-message';

type PasswordPromptProps = { busy: boolean; error: ApiErrorInit | null; onSubmit: (password: string) => void };

/** Asks for a protected paste's password; a wrong one and a rate limit are explained on the field. */
export function PasswordPrompt({ busy, error, onSubmit }: PasswordPromptProps) {
  const { t } = useTranslation();
  const text = {
    title: t('pastes.view.protectedTitle'),
    intro: t('pastes.view.protected'),
    label: t('pastes.view.password'),
    required: t('pastes.view.passwordRequired'),
    submit: t('pastes.view.unlock'),
    busy: t('pastes.view.unlocking'),
  };
  return <Prompt text={text} busy={busy} error={error && apiErrorMessage(t, error)} onSubmit={onSubmit} />;
}
