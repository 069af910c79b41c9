import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthActor } from '@ui/domain/session/auth-provider';
import { TextField } from '@ui/components/text-field';

export function ApiKeyLoginForm({ busy, onSubmitted }: { busy: boolean; onSubmitted: () => void }) {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = apiKey.trim();
    if (!key) {
      setError(t('auth.login.apiKeyRequired'));
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    onSubmitted();
    actor.send({ type: 'auth.login.apiKey', apiKey: key });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        ref={inputRef}
        label={t('auth.login.apiKey')}
        name="apiKey"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={apiKey}
        onChange={(e) => setApiKey(e.target.value)}
        error={error}
        required
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('auth.login.busy') : t('auth.login.submit')}
      </button>
    </form>
  );
}
