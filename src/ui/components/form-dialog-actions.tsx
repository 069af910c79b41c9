import { useTranslation } from 'react-i18next';

type FormDialogActionsProps = {
  busy: boolean;
  submitLabel: string;
  /** Shown on the submit button while the form is being sent. */
  busyLabel: string;
  onCancel: () => void;
  /** Submit is not possible yet (nothing valid chosen), apart from being busy. */
  disabled?: boolean;
};

/** Cancel and submit at the foot of a dialog's form; submit is disabled while sending. */
export function FormDialogActions({
  busy,
  submitLabel,
  busyLabel,
  onCancel,
  disabled = false,
}: FormDialogActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="dialog__actions">
      <button type="button" className="button" onClick={onCancel}>
        {t('dialog.cancel')}
      </button>
      <button type="submit" className="button button--primary" disabled={busy || disabled} aria-busy={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
