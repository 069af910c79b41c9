import { useTranslation } from 'react-i18next';
import type { PasteDetail } from '@shared/api/paste.schema';
import { Dialog } from '@ui/components/dialog';
import type { ApiClient } from '@shared/http/api-client';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import type { PasteScope } from '@ui/features/pastes/data/paste-scope';
import { usePasteDetail } from '@ui/features/pastes/data/use-paste-detail';
import { EditPasteForm } from './edit-paste-form';

type EditPasteDialogProps = {
  api: ApiClient;
  scope: PasteScope;
  id: string;
  onSaved: (paste: PasteDetail) => void;
  onClose: () => void;
};

/** Loads the full paste, then edits it in a modal dialog. */
export function EditPasteDialog({ api, scope, id, onSaved, onClose }: EditPasteDialogProps) {
  const { t } = useTranslation();
  const { paste, error } = usePasteDetail(api, scope, id);

  return (
    <Dialog title={t('pastes.edit.title')} onClose={onClose} wide>
      {error && (
        <>
          <p role="alert" className="form-error">
            {apiErrorMessage(t, error)}
          </p>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onClose} data-autofocus>
              {t('dialog.cancel')}
            </button>
          </div>
        </>
      )}
      {!error && !paste && <p role="status">{t('app.loading')}</p>}
      {paste && <EditPasteForm api={api} scope={scope} paste={paste} onSaved={onSaved} onCancel={onClose} />}
    </Dialog>
  );
}
