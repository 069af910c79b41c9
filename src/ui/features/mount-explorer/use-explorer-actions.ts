// What the explorer's entries and folder can do, for their menus, the keyboard and the selection
// bar: open, download, copy a link, edit, rename, delete, select, add to the basket, copy, move,
// cut, unlock, share and request files. Each opens a dialog or ends in a notice.
import { useCallback, useMemo, type MouseEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import { copyToClipboard } from '@ui/lib/clipboard';
import { addEntriesToBasket } from './add-to-basket';
import type { FsScope } from './data/fs-scope';
import type { FsCalls } from './data/use-fs-calls';
import { entryMenuItems, isChangeable, type EntryActions } from './entry-menu';
import type { Notice } from './explorer-controller';
import type { ExplorerController } from './use-explorer-controller';
import { useExplorerNavigation } from './use-explorer-navigation';

/** A download through a direct link that answers as an attachment. */
function startDownload(url: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** The admin's "Remove lock": the entry's padlock goes once the server has removed the lock. */
function unlockWith(
  unlock: (path: string) => Promise<unknown>,
  patch: (change: (items: FsEntry[]) => FsEntry[]) => void,
  say: (notice: Notice) => void,
  t: TFunction,
  fail: (error: unknown) => void,
): (entry: FsEntry) => void {
  return (entry) =>
    void unlock(entry.path).then(() => {
      patch((items) =>
        items.map((item) => {
          if (item.path !== entry.path) return item;
          const { lock: _removed, ...unlocked } = item;
          return unlocked;
        }),
      );
      say({ text: t('explorer.unlock.done', { name: entry.name }), error: false });
    }, fail);
}

type ExplorerActionsInput = {
  scope: FsScope;
  folder: string;
  calls: FsCalls;
  patch: (change: (items: FsEntry[]) => FsEntry[]) => void;
  entries: readonly FsEntry[];
  canWrite: boolean;
  ui: ExplorerController;
  gestures: {
    chosenWith: (entry: FsEntry | null) => FsEntry[];
    cutEntries: (items: readonly FsEntry[]) => void;
    cut: readonly FsEntry[];
    paste: () => void;
  };
  share: ((entry: FsEntry) => void) | undefined;
  requestFiles: ((path: string) => void) | undefined;
  /** Opens the file picker for an upload into the folder. */
  upload: () => void;
  refresh: () => void;
};

export function useExplorerActions(input: ExplorerActionsInput) {
  const { scope, folder, calls, patch, entries, canWrite, ui, gestures, share, requestFiles, upload, refresh } = input;
  const { t } = useTranslation();
  const nav = useExplorerNavigation();
  const { say, fail, openDialog, toggleSelect, selected, openMenu } = ui;
  const { chosenWith, cutEntries } = gestures;

  const actions: EntryActions = useMemo(
    () => ({
      open: (entry) => (entry.isDirectory ? nav.openFolder(entry.path) : nav.preview(folder, entry.name)),
      download: (entry) =>
        void calls.fileLink(entry.path, true).then((link) => startDownload(link.presignedUrl, entry.name), fail),
      copyLink: (entry) =>
        void calls
          .fileLink(entry.path, false)
          .then((link) => copyToClipboard(new URL(link.presignedUrl, window.location.href).href))
          .then(
            (copied) =>
              say({
                text: copied ? t('explorer.actions.linkCopied') : t('explorer.actions.copyFailed'),
                error: !copied,
              }),
            fail,
          ),
      edit: (entry) => openDialog({ kind: 'edit', entry }),
      rename: (entry) => openDialog({ kind: 'rename', entry }),
      remove: (list) => openDialog({ kind: 'delete', entries: list }),
      toggleSelect,
      addToBasket: (list) => void addEntriesToBasket(scope, list, t).then(say),
      copy: (list) => openDialog({ kind: 'copy', entries: list }),
      move: (entry) => openDialog({ kind: 'move', entries: chosenWith(entry) }),
      cut: (entry) => cutEntries(chosenWith(entry)),
      unlock: calls.unlock && unlockWith(calls.unlock, patch, say, t, fail),
      share,
      requestFiles: requestFiles && ((entry) => requestFiles(entry.path)),
    }),
    [
      calls,
      chosenWith,
      cutEntries,
      fail,
      folder,
      nav,
      openDialog,
      patch,
      say,
      scope,
      share,
      requestFiles,
      t,
      toggleSelect,
    ],
  );

  const openEntryMenu = useCallback(
    (entry: FsEntry, at: { x: number; y: number }) =>
      openMenu({
        ...at,
        label: t('explorer.actions.more', { name: entry.name }),
        items: entryMenuItems(entry, { canWrite, selected: selected.has(entry.path), t, actions }),
      }),
    [actions, canWrite, openMenu, selected, t],
  );

  const onKeyAction = useCallback(
    (action: 'delete' | 'rename', entry: FsEntry) => {
      if (!canWrite || !isChangeable(entry)) return;
      if (action === 'rename') actions.rename(entry);
      else
        actions.remove(
          selected.has(entry.path) && selected.size > 1 ? entries.filter((item) => selected.has(item.path)) : [entry],
        );
    },
    [actions, canWrite, entries, selected],
  );

  /** The folder's own menu, on a right click beside the entries. */
  const onFolderMenu = (event: MouseEvent<HTMLElement>) => {
    // Fields and links keep the browser's own menu (paste, open in a new tab).
    const onControl =
      event.target instanceof Element && event.target.closest('input, textarea, select, a, button') !== null;
    if (!canWrite || event.defaultPrevented || onControl) return;
    event.preventDefault();
    openMenu({
      x: event.clientX,
      y: event.clientY,
      label: t('explorer.breadcrumbs'),
      items: [
        { id: 'upload', label: t('explorer.actions.upload'), run: upload },
        { id: 'mkdir', label: t('explorer.actions.newFolder'), run: () => openDialog({ kind: 'mkdir' }) },
        { id: 'refresh', label: t('explorer.actions.refresh'), run: refresh },
        ...(gestures.cut.length > 0 ? [{ id: 'paste', label: t('explorer.move.paste'), run: gestures.paste }] : []),
        ...(requestFiles === undefined
          ? []
          : [{ id: 'request-files', label: t('explorer.actions.requestFiles'), run: () => requestFiles(folder) }]),
      ],
    });
  };

  return { actions, openEntryMenu, onKeyAction, onFolderMenu };
}
