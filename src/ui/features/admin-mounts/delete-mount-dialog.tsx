import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MountView } from '@shared/api/mount.schema';
import { ConfirmDialog } from '@ui/components/confirm-dialog';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import { useMountWrites } from './data/use-mounts';

type DeleteMountDialogProps = { mount: MountView; onClose: () => void; onDeleted: (id: string) => void };

export function DeleteMountDialog({ mount, onClose, onDeleted }: DeleteMountDialogProps) {
  const { t } = useTranslation();
  const writes = useMountWrites();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await writes.remove(mount.id);
      onDeleted(mount.id);
    } catch (e) {
      setError(apiErrorMessage(t, toErrorInit(e)));
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      title={t('mounts.confirm.title')}
      message={t('mounts.confirm.message', { name: mount.name, path: mount.mount_path })}
      confirmLabel={t('mounts.confirm.confirm')}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
