// Asks for a name: a new folder's, or an entry's new name. The name is checked as the server
// checks it (fsNameSchema); a name already taken (409) gets its own message.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fsNameSchema } from '@shared/api/fs.schema';
import { Dialog } from '@ui/components/dialog';
import { FormDialogActions } from '@ui/components/form-dialog-actions';
import { TextField } from '@ui/components/text-field';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';

type NameDialogProps = {
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  busyLabel: string;
  takenMessage: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
};

export function NameDialog({
  title,
  label,
  initial,
  submitLabel,
  busyLabel,
  takenMessage,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setError(t('explorer.name.required'));
    if (!fsNameSchema.safeParse(trimmed).success) return setError(t('explorer.name.invalid'));
    setBusy(true);
    setError(null);
    onSubmit(trimmed).then(onClose, (failure: unknown) => {
      const init = toErrorInit(failure);
      setBusy(false);
      setError(init.kind === 'conflict' ? takenMessage : apiErrorMessage(t, init));
    });
  };

  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextField
          label={label}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error ?? undefined}
          autoComplete="off"
          spellCheck={false}
          data-autofocus=""
          onFocus={(e) => {
            // The name without its extension is selected, as file managers do.
            const dot = e.target.value.lastIndexOf('.');
            e.target.setSelectionRange(0, dot > 0 ? dot : e.target.value.length);
          }}
        />
        <FormDialogActions busy={busy} submitLabel={submitLabel} busyLabel={busyLabel} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
