import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@shared/api/file-share.schema';
import { ConfirmDialog } from '@ui/components/confirm-dialog';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import { useFileShareWrites, type FileScope } from './data/use-file-shares';

type DeleteFilesDialogProps = {
  files: FileRecord[];
  scope: FileScope;
  onClose: () => void;
  onDeleted: (ids: string[]) => void;
};

/** Confirms and deletes one file, or several in one batch call. */
export function DeleteFilesDialog({ files, scope, onClose, onDeleted }: DeleteFilesDialogProps) {
  const { t } = useTranslation();
  const { remove } = useFileShareWrites(scope);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const only = files.length === 1 ? files[0] : undefined;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await remove(files.map((file) => file.id));
      onDeleted(files.map((file) => file.id));
    } catch (failure) {
      setError(apiErrorMessage(t, toErrorInit(failure)));
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      title={only ? t('adminFiles.confirm.title') : t('adminFiles.confirm.titleMany')}
      message={
        only
          ? t(only.source_path === null ? 'adminFiles.confirm.message' : 'adminFiles.confirm.messageMount', {
              name: only.filename,
            })
          : t('adminFiles.confirm.messageMany', { count: files.length })
      }
      confirmLabel={t('adminFiles.confirm.confirm')}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
