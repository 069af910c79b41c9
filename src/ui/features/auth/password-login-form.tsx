import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthActor } from '@ui/domain/session/auth-provider';
import { TextField } from '@ui/components/text-field';

type Errors = { username?: string; password?: string };

export function PasswordLoginForm({ busy, onSubmitted }: { busy: boolean; onSubmitted: () => void }) {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      username: username.trim() ? undefined : t('auth.login.usernameRequired'),
      password: password ? undefined : t('auth.login.passwordRequired'),
    };
    setErrors(next);
    if (next.username || next.password) {
      (next.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    onSubmitted();
    actor.send({ type: 'auth.login.admin', username: username.trim(), password });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        ref={usernameRef}
        label={t('auth.login.username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
        required
      />
      <TextField
        ref={passwordRef}
        label={t('auth.login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('auth.login.busy') : t('auth.login.submit')}
      </button>
    </form>
  );
}
