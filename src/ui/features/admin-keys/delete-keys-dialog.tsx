import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyView } from '@shared/api/api-key.schema';
import { ConfirmDialog } from '@ui/components/confirm-dialog';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import { useApiKeyWrites } from './data/use-api-keys';

type DeleteKeysDialogProps = { keys: ApiKeyView[]; onClose: () => void; onDeleted: (ids: string[]) => void };

/** Confirms and deletes one key, or several at once through the batch call. */
export function DeleteKeysDialog({ keys, onClose, onDeleted }: DeleteKeysDialogProps) {
  const { t } = useTranslation();
  const writes = useApiKeyWrites();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const only = keys.length === 1 ? keys[0] : undefined;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const ids = keys.map((k) => k.id);
    try {
      await writes.remove(ids);
      onDeleted(ids);
    } catch (e) {
      setError(apiErrorMessage(t, toErrorInit(e)));
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      title={only ? t('keys.confirm.title') : t('keys.confirm.titleMany')}
      message={
        only ? t('keys.confirm.message', { name: only.name }) : t('keys.confirm.messageMany', { count: keys.length })
      }
      confirmLabel={t('keys.confirm.confirm')}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
