import { useState, type FormEvent } from 'react';
import { TextField } from './text-field';

export type PassphrasePromptText = {
  title: string;
  intro: string;
  label: string;
  required: string;
  submit: string;
  /** Said while the key is derived (most of a second, by design). */
  deriving: string;
  /** Said when the passphrase does not open the share. */
  wrong: string;
};

type PassphrasePromptProps = {
  text: PassphrasePromptText;
  busy: boolean;
  wrong: boolean;
  onSubmit: (passphrase: string) => void;
};

/**
 * Asks for the passphrase of an end-to-end encrypted share (docs/encryption.md). Nothing is sent:
 * the key is derived in a worker while a progress bar runs, and checked before anything is read.
 */
export function PassphrasePrompt({ text, busy, wrong, onSubmit }: PassphrasePromptProps) {
  const [passphrase, setPassphrase] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(passphrase === '');
    if (passphrase !== '' && !busy) onSubmit(passphrase);
  };

  return (
    <form className="form password-prompt" onSubmit={submit} noValidate aria-busy={busy}>
      <h2 className="password-prompt__title">{text.title}</h2>
      <p className="notice">{text.intro}</p>
      <TextField
        label={text.label}
        type="password"
        autoComplete="off"
        value={passphrase}
        onChange={(e) => setPassphrase(e.target.value)}
        error={missing ? text.required : wrong && !busy ? text.wrong : undefined}
        autoFocus
      />
      {busy && (
        <p role="status" className="field__hint">
          <progress className="passphrase-progress" aria-label={text.deriving} />
          <br />
          {text.deriving}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {text.submit}
        </button>
      </div>
    </form>
  );
}
