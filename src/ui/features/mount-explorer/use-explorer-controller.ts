// The explorer's controller: the selection, the open dialog, the context menu and the notice
// (explorer-controller.ts), reset when another folder is shown, and the notice cleared when the
// language changes (a notice is written in the language of its moment).
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import type { MenuAt } from './context-menu';
import { explorerUi, initialExplorerUi, type Notice } from './explorer-controller';
import type { ExplorerDialog } from './explorer-dialogs';

export function useExplorerController(folder: string) {
  const { t, i18n } = useTranslation();
  const [state, dispatch] = useReducer(explorerUi, initialExplorerUi);

  useEffect(() => {
    dispatch({ type: 'folder.changed' });
  }, [folder]);
  useEffect(() => {
    dispatch({ type: 'notice', notice: null });
  }, [i18n.language]);

  const say = useCallback((notice: Notice | null) => dispatch({ type: 'notice', notice }), []);
  const fail = useCallback(
    (error: unknown) => say({ text: apiErrorMessage(t, toErrorInit(error)), error: true }),
    [say, t],
  );
  const commands = useMemo(
    () => ({
      toggleSelect: (entry: FsEntry) => dispatch({ type: 'select.toggle', path: entry.path }),
      selectOnly: (entries: readonly FsEntry[]) =>
        dispatch({ type: 'select.only', paths: entries.map((entry) => entry.path) }),
      unselect: (paths: ReadonlySet<string>) => dispatch({ type: 'select.drop', paths }),
      openDialog: (dialog: ExplorerDialog) => dispatch({ type: 'dialog', dialog }),
      closeDialog: () => dispatch({ type: 'dialog', dialog: null }),
      openMenu: (menu: MenuAt) => dispatch({ type: 'menu', menu }),
      closeMenu: () => dispatch({ type: 'menu', menu: null }),
      started: (text: string) => dispatch({ type: 'task.started', notice: { text, error: false } }),
    }),
    [],
  );
  return { ...state, ...commands, say, fail };
}

export type ExplorerController = ReturnType<typeof useExplorerController>;
