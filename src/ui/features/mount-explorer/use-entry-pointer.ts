// A view's mouse and touch: a plain click on an entry's link opens it in the app (any other click,
// a new tab or a download, is the browser's), a right click or a still 500 ms touch press opens
// its menu, and the tap that ends a long press opens nothing.
import { useCallback, useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';
import type { FsEntry } from '@shared/api/fs.schema';
import { createLongPress, type Point } from '@ui/lib/long-press';
import { entryAt } from './entry-layout';

type EntryPointerInput = {
  entries: readonly FsEntry[];
  onOpen: (entry: FsEntry) => void;
  onMenu: (entry: FsEntry, at: Point) => void;
};

export function useEntryPointer({ entries, onOpen, onMenu }: EntryPointerInput) {
  const pressed = useRef<FsEntry | null>(null);
  const swallowClick = useRef(false);
  const press = useRef(
    createLongPress({
      onLongPress: (point) => {
        if (pressed.current === null) return;
        swallowClick.current = true;
        onMenuRef.current(pressed.current, point);
      },
    }),
  );
  const onMenuRef = useRef(onMenu);
  onMenuRef.current = onMenu;
  useEffect(() => () => press.current.cancel(), []);

  const endPress = () => press.current.cancel();
  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      swallowClick.current = false;
      if (event.pointerType !== 'touch') return;
      pressed.current = entryAt(entries, event.target)?.entry ?? null;
      if (pressed.current !== null) press.current.start({ x: event.clientX, y: event.clientY });
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (event.pointerType === 'touch') press.current.move({ x: event.clientX, y: event.clientY });
    },
    onPointerUp: endPress,
    onPointerCancel: endPress,
    onClickCapture: (event: MouseEvent<HTMLDivElement>) => {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
    // The entries' links are plain anchors, routed here.
    onClick: (event: MouseEvent<HTMLDivElement>) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = event.target instanceof Element ? event.target.closest('[data-entry-link]') : null;
      const hit = link === null ? null : entryAt(entries, link);
      if (hit === null) return;
      event.preventDefault();
      onOpen(hit.entry);
    },
    onContextMenu: (event: MouseEvent<HTMLDivElement>) => {
      const hit = entryAt(entries, event.target);
      if (hit === null) return;
      event.preventDefault();
      event.stopPropagation();
      onMenu(hit.entry, { x: event.clientX, y: event.clientY });
    },
  };

  /** An entry's menu button: the menu opens under it. */
  const onMenuButton = useCallback((entry: FsEntry, element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    onMenuRef.current(entry, { x: box.left, y: box.bottom });
  }, []);

  return { handlers, onMenuButton };
}
