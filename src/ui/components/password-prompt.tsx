import { useState, type FormEvent } from 'react';
import { TextField } from './text-field';

export type PasswordPromptText = {
  title: string;
  intro: string;
  label: string;
  required: string;
  submit: string;
  busy: string;
};

type PasswordPromptProps = {
  text: PasswordPromptText;
  busy: boolean;
  /** Why the last password was refused, already translated; shown on the field. */
  error: string | null;
  onSubmit: (password: string) => void;
};

/** The one password prompt of the app, for protected pastes and files alike: a title, why, the field and the button. */
export function PasswordPrompt({ text, busy, error, onSubmit }: PasswordPromptProps) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(password === '');
    if (password !== '') onSubmit(password);
  };

  return (
    <form className="form password-prompt" onSubmit={submit} noValidate aria-busy={busy}>
      <h2 className="password-prompt__title">{text.title}</h2>
      <p className="notice">{text.intro}</p>
      <TextField
        label={text.label}
        type="password"
        autoComplete="off"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={missing ? text.required : (error ?? undefined)}
        autoFocus
      />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? text.busy : text.submit}
        </button>
      </div>
    </form>
  );
}
