// Confirms and runs a delete: one entry with `remove` here, several with `batch-remove` as a task
// of the task panel (folders go with everything in them). Entries the server could not delete
// are reported there and stay listed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import { ConfirmDialog } from '@ui/components/confirm-dialog';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import { useTaskRegistry } from '@ui/domain/tasks/task-provider';
import { batchDeleteTask } from './batch-delete-task';
import type { FsCalls } from './data/use-fs-calls';

type DeleteDialogProps = {
  entries: FsEntry[];
  calls: FsCalls;
  onDeleted: (paths: string[]) => void;
  onClose: () => void;
};

export function DeleteDialog({ entries, calls, onDeleted, onClose }: DeleteDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tasks = useTaskRegistry();
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
      tasks.start(
        batchDeleteTask({ calls, entries, label: (count) => t('tasks.deleteMany', { count }), onRemoved: onDeleted }),
      );
      return true;
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

  const title = single
    ? t('explorer.remove.title', { name: first.name })
    : t('explorer.remove.titleMany', { count: entries.length });
  const message = single
    ? first.isDirectory
      ? t('explorer.remove.folder')
      : t('explorer.remove.file')
    : t('explorer.remove.many');
  return (
    <ConfirmDialog
      title={title}
      message={message}
      confirmLabel={t('explorer.remove.confirm')}
      busy={busy}
      error={error}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
