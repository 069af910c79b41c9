import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../components/modal-dialog';

type ConfirmDialogProps = { title: string; message: string; confirmLabel: string; busy: boolean; onConfirm: () => void; onClose: () => void };

/** Asks before a destructive action; the safe choice comes first and has focus. */
export function ConfirmDialog({ title, message, confirmLabel, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ModalDialog title={title} onClose={onClose}>
      <p>{message}</p>
      <div className="actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          {t('pastes.form.cancel')}
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
