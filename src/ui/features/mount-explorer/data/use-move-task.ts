// Starts a move (the "Move to…" dialog, a paste, a drop) as a task of the app's registry, with the
// transfer worker for what crosses storages; the task outlives the explorer page. `onMoved` hears
// of the folders that changed, so a folder on screen can reload.
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fsMoveEndpointsOf } from '@shared/api/fs-move.endpoints';
import type { FsMoveRequest } from '@shared/api/fs-move.schema';
import type { FsEntry } from '@shared/api/fs.schema';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useAuthActor } from '@ui/domain/session/auth-provider';
import { useTaskRegistry } from '@ui/domain/tasks/task-provider';
import { getTransferClient } from '@ui/domain/transfer/transfer';
import { moveFailureKind, moveTask } from '@ui/features/mount-explorer/move-task';
import { childPath, parentOf } from '@ui/features/mount-explorer/fs-paths';
import type { FsScope } from './fs-scope';

export function useMoveTask(scope: FsScope, onMoved: (folders: ReadonlySet<string>) => void) {
  const { t } = useTranslation();
  const api = useApiClient();
  const auth = useAuthActor();
  const tasks = useTaskRegistry();
  const heard = useRef(onMoved);
  heard.current = onMoved;
  const move = useMemo(() => {
    const endpoints = fsMoveEndpointsOf(scope);
    return (body: FsMoveRequest) => api.call(endpoints.move, { body });
  }, [api, scope]);

  return useCallback(
    (entries: readonly FsEntry[], targetFolder: string, skipExisting = true) => {
      const [first] = entries;
      if (first === undefined) return;
      tasks.start(
        moveTask({
          move,
          transfer: getTransferClient(auth),
          scope,
          items: entries.map((entry) => ({
            sourcePath: entry.path,
            targetPath: childPath(targetFolder, entry.name, entry.isDirectory),
          })),
          skipExisting,
          label:
            entries.length === 1
              ? t('tasks.moveOne', { name: first.name })
              : t('tasks.moveMany', { count: entries.length }),
          failureText: (code) => t(`explorer.move.fail.${moveFailureKind(code)}`),
          onMoved: (paths) => heard.current(new Set(paths.map((path) => parentOf(path.replace(/\/+$/, ''))))),
        }),
      );
    },
    [auth, move, scope, t, tasks],
  );
}
