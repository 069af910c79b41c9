// What can be done to an entry, as the context menu lists it. Later actions (moves
// between folders) join here as more items behind the same `EntryActions`.
import type { TFunction } from 'i18next';
import { FS_EDIT_MAX_BYTES, type FsEntry } from '@shared/api/fs.schema';
import { previewKind } from '@shared/preview-kind';
import type { MenuItem } from './context-menu';

export type EntryActions = {
  open: (entry: FsEntry) => void;
  download: (entry: FsEntry) => void;
  copyLink: (entry: FsEntry) => void;
  edit: (entry: FsEntry) => void;
  rename: (entry: FsEntry) => void;
  remove: (entries: FsEntry[]) => void;
  toggleSelect: (entry: FsEntry) => void;
  /** Into the file basket: a file, or a folder with everything in it. */
  addToBasket: (entries: FsEntry[]) => void;
  /** "Copy to…": another folder, in this storage or another one. */
  copy: (entries: FsEntry[]) => void;
  /** "Move to…": the entry, or the whole selection when the entry is in it. */
  move: (entry: FsEntry) => void;
  /** Cut for a later paste (Ctrl+X): the entry, or the whole selection when the entry is in it. */
  cut: (entry: FsEntry) => void;
  /** Removes the WebDAV lock on an entry (the admin's explorer only). */
  unlock: ((entry: FsEntry) => void) | undefined;
  /** "Share…": a file share reading the file where it is (the admin, or a key with file permission). */
  share?: ((entry: FsEntry) => void) | undefined;
  /** "Request files here…": a file request on this folder (the admin, or a key with file and mount permissions). */
  requestFiles?: ((entry: FsEntry) => void) | undefined;
};

/** Text, code and Markdown files up to 10 MB open in the editor. */
export function isEditable(entry: FsEntry): boolean {
  if (entry.isDirectory || (entry.size ?? 0) > FS_EDIT_MAX_BYTES) return false;
  const kind = previewKind(entry.contentType ?? '', entry.name);
  return kind === 'text' || kind === 'code' || kind === 'markdown';
}

/** Mounts and the virtual folders above them are not the explorer's to change. */
export function isChangeable(entry: FsEntry): boolean {
  return !entry.isMount && !entry.isVirtual;
}

type MenuContext = { canWrite: boolean; selected: boolean; t: TFunction; actions: EntryActions };

export function entryMenuItems(entry: FsEntry, { canWrite, selected, t, actions }: MenuContext): MenuItem[] {
  const items: MenuItem[] = [
    {
      id: 'open',
      label: entry.isDirectory ? t('explorer.actions.open') : t('explorer.actions.preview'),
      run: () => actions.open(entry),
    },
  ];
  if (!entry.isDirectory) {
    items.push({ id: 'download', label: t('explorer.actions.download'), run: () => actions.download(entry) });
    items.push({ id: 'copy-link', label: t('explorer.actions.copyLink'), run: () => actions.copyLink(entry) });
  }
  if (!entry.isVirtual) items.push({ id: 'basket', label: t('basket.add'), run: () => actions.addToBasket([entry]) });
  const writable = canWrite && isChangeable(entry);
  if (writable && isEditable(entry))
    items.push({ id: 'edit', label: t('explorer.actions.edit'), run: () => actions.edit(entry) });
  if (writable) {
    items.push({ id: 'rename', label: t('explorer.actions.rename'), run: () => actions.rename(entry) });
    items.push({ id: 'copy', label: t('explorer.actions.copyTo'), run: () => actions.copy([entry]) });
    items.push({ id: 'move', label: t('explorer.move.menu'), run: () => actions.move(entry) });
    items.push({ id: 'cut', label: t('explorer.move.cut'), run: () => actions.cut(entry) });
    items.push({
      id: 'select',
      label: selected ? t('explorer.actions.clearSelection') : t('explorer.actions.select', { name: entry.name }),
      run: () => actions.toggleSelect(entry),
    });
    items.push({ id: 'delete', label: t('explorer.actions.delete'), run: () => actions.remove([entry]), danger: true });
  }
  const { share } = actions;
  if (share !== undefined && writable && !entry.isDirectory) {
    // After "Copy link", the other way to hand the file to someone.
    const at = items.findIndex((item) => item.id === 'copy-link');
    items.splice(at + 1, 0, { id: 'share', label: t('explorer.share.action'), run: () => share(entry) });
  }
  const { unlock } = actions;
  if (entry.lock !== undefined && unlock !== undefined) {
    // Before Delete, which stays the last item.
    const at = items.findIndex((item) => item.id === 'delete');
    items.splice(at < 0 ? items.length : at, 0, {
      id: 'unlock',
      label: t('explorer.actions.unlock'),
      run: () => unlock(entry),
    });
  }
  const { requestFiles } = actions;
  if (entry.isDirectory && writable && requestFiles !== undefined) {
    const at = items.findIndex((item) => item.id === 'delete');
    items.splice(at < 0 ? items.length : at, 0, {
      id: 'request-files',
      label: t('explorer.actions.requestFiles'),
      run: () => requestFiles(entry),
    });
  }
  return items;
}
