import { useTranslation } from 'react-i18next';
import { PassphrasePrompt } from '@ui/components/passphrase-prompt';

type PastePassphrasePromptProps = { busy: boolean; wrong: boolean; onSubmit: (passphrase: string) => void };

/** Asks for a passphrase paste's passphrase; a wrong one is said before any view is spent. */
export function PastePassphrasePrompt({ busy, wrong, onSubmit }: PastePassphrasePromptProps) {
  const { t } = useTranslation();
  const text = {
    title: t('pastes.passphrase.title'),
    intro: t('pastes.passphrase.intro'),
    label: t('pastes.passphrase.label'),
    required: t('pastes.passphrase.required'),
    submit: t('pastes.passphrase.submit'),
    deriving: t('pastes.passphrase.deriving'),
    wrong: t('pastes.passphrase.wrong'),
  };
  return <PassphrasePrompt text={text} busy={busy} wrong={wrong} onSubmit={onSubmit} />;
}
