// The explorer's ways to move without a dialog: cut (Ctrl+X) and paste (Ctrl+V) by keyboard or
// from the menus, and dragging the selection (or one entry) onto a folder's row or tile, or onto
// a breadcrumb. Each ends in `startMove` with the entries and the folder they go into.
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import type { TFunction } from 'i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import { isChangeable } from './entry-menu';
import { parentOf } from './fs-paths';
import './move.css';

/** What a drag of entries carries between the explorer's own elements (not files from the desktop). */
export const MOVE_DRAG_TYPE = 'application/x-clipdock-move';

type Notice = { text: string; error: boolean };

type MoveGesturesInput = {
  folder: string;
  entries: readonly FsEntry[];
  selected: ReadonlySet<string>;
  canWrite: boolean;
  startMove: (entries: readonly FsEntry[], targetFolder: string) => void;
  setNotice: (notice: Notice) => void;
  t: TFunction;
};

function entryElement(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('.entry[data-index]') : null;
}

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

/** Items moved into `target` that are not there already, and no folder into itself. */
function movable(items: readonly FsEntry[], target: string): FsEntry[] {
  return items.filter(
    (entry) =>
      parentOf(entry.path.replace(/\/+$/, '')) !== target &&
      !(entry.isDirectory && (target === entry.path || target.startsWith(`${entry.path.replace(/\/+$/, '')}/`))),
  );
}

export function useMoveGestures({ folder, entries, selected, canWrite, startMove, setNotice, t }: MoveGesturesInput) {
  const [cut, setCut] = useState<readonly FsEntry[]>([]);
  const dragged = useRef<readonly FsEntry[]>([]);
  const over = useRef<HTMLElement | null>(null);

  /** The selection when `entry` is in it (or no entry is named), else the entry alone. */
  const chosenWith = useCallback(
    (entry: FsEntry | null): FsEntry[] => {
      const selection = entries.filter((item) => selected.has(item.path) && isChangeable(item));
      if (entry === null) return selection;
      return selected.has(entry.path) && selection.length > 0 ? selection : isChangeable(entry) ? [entry] : [];
    },
    [entries, selected],
  );

  const cutEntries = useCallback(
    (items: readonly FsEntry[]) => {
      if (items.length === 0) return;
      setCut(items);
      setNotice({ text: t('explorer.move.cutDone', { count: items.length }), error: false });
    },
    [setNotice, t],
  );

  const pasteInto = useCallback(
    (target: string, writable: boolean) => {
      if (cut.length === 0) return;
      if (!writable) {
        setNotice({ text: t('explorer.move.cannotHere'), error: true });
        return;
      }
      const items = movable(cut, target);
      if (items.length === 0) {
        setNotice({ text: t('explorer.move.alreadyHere'), error: true });
        return;
      }
      startMove(items, target);
      setCut([]);
      setNotice({ text: t('explorer.move.started'), error: false });
    },
    [cut, setNotice, startMove, t],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || isTextField(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'x' && canWrite) {
        const at = entryElement(document.activeElement);
        const focused = at === null ? null : (entries[Number(at.dataset.index)] ?? null);
        const items = chosenWith(focused);
        if (items.length === 0) return;
        event.preventDefault();
        cutEntries(items);
      } else if (key === 'v' && cut.length > 0) {
        event.preventDefault();
        pasteInto(folder, canWrite);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canWrite, chosenWith, cut.length, cutEntries, entries, folder, pasteInto]);

  const mark = (element: HTMLElement | null) => {
    if (over.current === element) return;
    if (over.current !== null) delete over.current.dataset.dropTarget;
    over.current = element;
    if (element !== null) element.dataset.dropTarget = '';
  };

  /** The folder a drag is over (a folder's entry, or a breadcrumb), when the dragged entries may go there. */
  const dropFolderAt = (target: EventTarget | null): { folder: string; element: HTMLElement } | null => {
    if (!(target instanceof Element)) return null;
    const crumb = target.closest<HTMLElement>('[data-crumb-folder]');
    const at = crumb === null ? entryElement(target) : null;
    let into: string | null = null;
    if (crumb !== null) into = crumb.dataset.crumbFolder ?? null;
    else if (at !== null) {
      const entry = entries[Number(at.dataset.index)];
      if (entry?.isDirectory && !entry.isVirtual) into = entry.path.replace(/\/+$/, '');
    }
    if (into === null || into === '/' || movable(dragged.current, into).length === 0) return null;
    const element = crumb ?? at;
    return element === null ? null : { folder: into, element };
  };

  const drag = {
    onDragStart: (event: DragEvent<HTMLElement>) => {
      const at = entryElement(event.target);
      const entry = at === null ? undefined : entries[Number(at.dataset.index)];
      if (!canWrite || entry === undefined) return;
      const items = chosenWith(entry);
      if (items.length === 0) return;
      dragged.current = items;
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData(MOVE_DRAG_TYPE, JSON.stringify(items.map((item) => item.path)));
      event.dataTransfer.setData('text/plain', items.map((item) => item.name).join('\n'));
    },
    /** True when the event was a move of entries (the explorer's own file drop then stays out). */
    onDragOver: (event: DragEvent<HTMLElement>): boolean => {
      if (!event.dataTransfer.types.includes(MOVE_DRAG_TYPE)) return false;
      const found = dropFolderAt(event.target);
      mark(found?.element ?? null);
      if (found !== null) {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      }
      return true;
    },
    onDrop: (event: DragEvent<HTMLElement>): boolean => {
      if (!event.dataTransfer.types.includes(MOVE_DRAG_TYPE)) return false;
      const found = dropFolderAt(event.target);
      mark(null);
      if (found !== null) {
        event.preventDefault();
        startMove(movable(dragged.current, found.folder), found.folder);
        setNotice({ text: t('explorer.move.started'), error: false });
      }
      dragged.current = [];
      return true;
    },
    onDragEnd: () => {
      mark(null);
      dragged.current = [];
    },
  };

  return {
    cut,
    cutEntries,
    chosenWith,
    paste: () => pasteInto(folder, canWrite),
    drag,
  };
}
