// A view is one focus stop: the arrows move between entries (across too, in the grid and the
// gallery), Home and End to the ends, Space selects, Delete deletes, F2 renames, and the
// context-menu key (or Shift+F10) opens the entry's menu under it.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { FsEntry } from '@shared/api/fs.schema';
import type { Point } from '@ui/lib/long-press';
import { entryAt } from './entry-layout';

type EntryKeysInput = {
  entries: readonly FsEntry[];
  host: HTMLElement | null;
  columns: number;
  /** The arrows left and right move too (cards, several to a row). */
  across: boolean;
  selectable: boolean;
  scrollToRow: (row: number) => void;
  onToggleSelect: (entry: FsEntry) => void;
  onKeyAction: (action: 'delete' | 'rename', entry: FsEntry) => void;
  onMenu: (entry: FsEntry, at: Point) => void;
};

export function useEntryKeys({
  entries,
  host,
  columns,
  across,
  selectable,
  scrollToRow,
  onToggleSelect,
  onKeyAction,
  onMenu,
}: EntryKeysInput) {
  const [focusIndex, setFocusIndex] = useState(0);
  const pendingFocus = useRef<number | null>(null);

  useEffect(() => {
    if (focusIndex >= entries.length) setFocusIndex(Math.max(0, entries.length - 1));
  }, [entries.length, focusIndex]);

  // A keyboard move to an entry not rendered yet focuses it once its row is drawn.
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (wanted === null || host === null) return;
    const link = host.querySelector<HTMLElement>(`[data-index="${wanted}"] [data-entry-link]`);
    if (link) {
      pendingFocus.current = null;
      link.focus();
    }
  });

  const moveFocus = (index: number) => {
    const next = Math.min(Math.max(index, 0), entries.length - 1);
    pendingFocus.current = next;
    setFocusIndex(next);
    scrollToRow(Math.floor(next / columns));
  };

  const menuAtElement = (entry: FsEntry, element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    onMenu(entry, { x: box.left + Math.min(box.width / 2, 48), y: box.bottom });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const hit = entryAt(entries, event.target);
    if (hit === null || event.altKey || event.ctrlKey || event.metaKey) return;
    const { entry, index, element } = hit;
    switch (event.key) {
      case 'ArrowDown':
        moveFocus(index + columns);
        break;
      case 'ArrowUp':
        moveFocus(index - columns);
        break;
      case 'ArrowRight':
        if (!across) return;
        moveFocus(index + 1);
        break;
      case 'ArrowLeft':
        if (!across) return;
        moveFocus(index - 1);
        break;
      case 'Home':
        moveFocus(0);
        break;
      case 'End':
        moveFocus(entries.length - 1);
        break;
      case ' ':
        if (!selectable || event.target instanceof HTMLInputElement) return;
        onToggleSelect(entry);
        break;
      case 'Delete':
        onKeyAction('delete', entry);
        break;
      case 'F2':
        onKeyAction('rename', entry);
        break;
      case 'ContextMenu':
        menuAtElement(entry, element);
        break;
      case 'F10':
        if (!event.shiftKey) return;
        menuAtElement(entry, element);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return { focusIndex, setFocusIndex, onKeyDown };
}
