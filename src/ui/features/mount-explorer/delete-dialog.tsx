// Confirms and runs a delete: one entry with `remove`, several with `batch-remove` (folders go
// with everything in them). Entries the server could not delete are reported and stay listed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import type { FsCalls } from './data/use-fs-calls';

type DeleteDialogProps = { entries: FsEntry[]; calls: FsCalls; onDeleted: (paths: string[]) => void; onClose: () => void };

const bare = (path: string) => path.replace(/\/+$/, '');

export function DeleteDialog({ entries, calls, onDeleted, onClose }: DeleteDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [first] = entries;
  const single = entries.length === 1 && first !== undefined;

  const confirm = () => {
    setBusy(true);
    setError(null);
    const run = async () => {
      if (single) {
        await calls.remove(first.path);
        onDeleted([first.path]);
        return true;
      }
      const result = await calls.batchRemove(entries.map((entry) => entry.path));
      const removed = new Set(result.removed.map(bare));
      onDeleted(entries.filter((entry) => removed.has(bare(entry.path))).map((entry) => entry.path));
      if (result.failed.length === 0) return true;
      setError(t('explorer.remove.partial', { failed: result.failed.length, count: entries.length }));
      return false;
    };
    run().then(
      (done) => {
        setBusy(false);
        if (done) onClose();
      },
      (failure: unknown) => {
        setBusy(false);
        setError(apiErrorMessage(t, toErrorInit(failure)));
      },
    );
  };

  const title = single ? t('explorer.remove.title', { name: first.name }) : t('explorer.remove.titleMany', { count: entries.length });
  const message = single ? (first.isDirectory ? t('explorer.remove.folder') : t('explorer.remove.file')) : t('explorer.remove.many');
  return <ConfirmDialog title={title} message={message} confirmLabel={t('explorer.remove.confirm')} busy={busy} error={error} onConfirm={confirm} onCancel={onClose} />;
}
