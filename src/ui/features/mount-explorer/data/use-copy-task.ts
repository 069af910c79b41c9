// Starts "Copy to…" as a task of the app's registry, with the transfer worker for what crosses
// storages; the task outlives the explorer page. `onCopiedInto` hears of the target folder once
// copies landed, so a folder on screen can reload.
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import { useAuthActor } from '@ui/domain/session/auth-provider';
import { useTaskRegistry } from '@ui/domain/tasks/task-provider';
import { getTransferClient } from '@ui/domain/transfer/transfer';
import { copyTask } from '@ui/features/mount-explorer/copy-task';
import { childPath } from '@ui/features/mount-explorer/fs-paths';
import type { FsScope } from './fs-scope';
import type { FsCalls } from './use-fs-calls';

export function useCopyTask(scope: FsScope, calls: Pick<FsCalls, 'batchCopy'>, onCopiedInto: (folder: string) => void) {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const tasks = useTaskRegistry();
  const onCopied = useRef(onCopiedInto);
  onCopied.current = onCopiedInto;

  return useCallback(
    (entries: readonly FsEntry[], targetFolder: string, skipExisting: boolean) => {
      const [first] = entries;
      if (first === undefined) return;
      tasks.start(
        copyTask({
          calls,
          transfer: getTransferClient(auth),
          scope,
          items: entries.map((entry) => ({
            sourcePath: entry.path,
            targetPath: childPath(targetFolder, entry.name, entry.isDirectory),
          })),
          skipExisting,
          label:
            entries.length === 1
              ? t('tasks.copyOne', { name: first.name })
              : t('tasks.copyMany', { count: entries.length }),
          onCopied: () => onCopied.current(targetFolder),
        }),
      );
    },
    [auth, calls, scope, t, tasks],
  );
}
