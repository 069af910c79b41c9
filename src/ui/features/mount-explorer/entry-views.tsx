// The folder's entries in a list, a grid or a gallery, virtualised against the window scroll so
// a 10,000-entry folder renders only the rows in view (issue 10). The list is one focus stop:
// arrows move between entries, Enter opens, Space selects, Delete deletes, F2 renames, and the
// context-menu key (or Shift+F10), a right click or a 500 ms touch long press opens the menu.
// Scrolling stays under 50 ms a task (issue 10): the rows coming into view are drawn as a
// deferred update React may split, never synchronously inside the scroll event.
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import { formatBytes } from '@ui/lib/format-bytes';
import { formatDateTime } from '@ui/lib/format-date-time';
import { createLongPress, type Point } from '@ui/lib/long-press';
import type { FsCalls } from './data/use-fs-calls';
import { EntryItem, type EntryText } from './entry-item';
import type { ExplorerView } from './explorer-prefs';
import { folderTarget, useExplorerNavigation } from './use-explorer-navigation';

export type EntriesViewProps = {
  entries: FsEntry[];
  view: ExplorerView;
  folder: string;
  calls: FsCalls;
  label: string;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggleSelect: (entry: FsEntry) => void;
  onMenu: (entry: FsEntry, at: Point) => void;
  onKeyAction: (action: 'delete' | 'rename', entry: FsEntry) => void;
  /** The view is within a few rows of the last loaded entry. */
  onNearEnd: () => void;
};

const ROW_HEIGHT: Record<ExplorerView, number> = { list: 56, grid: 132, gallery: 208 };
const CARD_MIN_WIDTH: Record<ExplorerView, number> = { list: Number.POSITIVE_INFINITY, grid: 150, gallery: 180 };
const GAP = 12;

function useColumns(element: HTMLElement | null, view: ExplorerView): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([box]) => setWidth(box?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  if (view === 'list' || width === 0) return 1;
  return Math.max(2, Math.floor((width + GAP) / (CARD_MIN_WIDTH[view] + GAP)));
}

export function EntriesView({
  entries,
  view,
  folder,
  calls,
  label,
  selectable,
  selected,
  onToggleSelect,
  onMenu,
  onKeyAction,
  onNearEnd,
}: EntriesViewProps) {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [focusIndex, setFocusIndex] = useState(0);
  const pendingFocus = useRef<number | null>(null);
  const columns = useColumns(host, view);
  const rowCount = Math.ceil(entries.length / columns);

  // Where the list starts on the page, so the window's scroll maps onto its rows. Measured before
  // the first paint, then in the next frame after each commit: measuring right after a commit
  // would lay out the rows just drawn in the same task, where the frame lays them out anyway.
  const measured = useRef(false);
  useLayoutEffect(() => {
    if (host === null) return undefined;
    const measure = () => {
      const top = Math.round(host.getBoundingClientRect().top + window.scrollY);
      setScrollMargin((now) => (now === top ? now : top));
    };
    if (!measured.current) {
      measured.current = true;
      measure();
      return undefined;
    }
    const frame = requestAnimationFrame(measure);
    return () => cancelAnimationFrame(frame);
  });

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ROW_HEIGHT[view] + (view === 'list' ? 0 : GAP),
    overscan: view === 'list' ? 12 : 3,
    scrollMargin,
    // A scroll event only schedules the update; the new rows follow as a deferred render.
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  const shownRows = useDeferredValue(rows);
  const lastRow = rows[rows.length - 1]?.index ?? -1;

  const { t, i18n } = useTranslation();
  const nav = useExplorerNavigation();
  const text: EntryText = useMemo(() => {
    const language = i18n.language;
    return {
      mount: t('explorer.kind.mount'),
      folder: t('explorer.kind.folder'),
      size: (bytes) => formatBytes(bytes),
      modified: (iso) => formatDateTime(iso, language),
      select: (name) => t('explorer.actions.select', { name }),
      more: (name) => t('explorer.actions.more', { name }),
      locked: ({ owner, expiresAt }) => t('explorer.lockedBy', { owner, until: formatDateTime(expiresAt, language) }),
      href: (entry) => nav.href(entry.isDirectory ? folderTarget(entry.path) : folderTarget(folder, entry.name)),
    };
  }, [t, i18n.language, nav, folder]);

  useEffect(() => {
    if (rowCount > 0 && lastRow >= rowCount - 4) onNearEnd();
  }, [lastRow, rowCount, onNearEnd]);

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
    virtualizer.scrollToIndex(Math.floor(next / columns));
  };

  const entryAt = (target: EventTarget): { entry: FsEntry; index: number; element: HTMLElement } | null => {
    const element = target instanceof Element ? target.closest<HTMLElement>('[data-index]') : null;
    const index = Number(element?.dataset.index ?? Number.NaN);
    const entry = entries[index];
    return element && entry ? { entry, index, element } : null;
  };

  const menuAtElement = (entry: FsEntry, element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    onMenu(entry, { x: box.left + Math.min(box.width / 2, 48), y: box.bottom });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const hit = entryAt(event.target);
    if (hit === null || event.altKey || event.ctrlKey || event.metaKey) return;
    const { entry, index, element } = hit;
    const across = view === 'list' ? 0 : 1;
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

  // Touch: a still 500 ms press opens the menu, and the tap that ends it opens nothing.
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

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swallowClick.current = false;
    if (event.pointerType !== 'touch') return;
    pressed.current = entryAt(event.target)?.entry ?? null;
    if (pressed.current !== null) press.current.start({ x: event.clientX, y: event.clientY });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'touch') press.current.move({ x: event.clientX, y: event.clientY });
  };
  const endPress = () => press.current.cancel();
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  };
  // The entries' links are plain anchors: a plain click opens the entry in the app, any other
  // (a new tab, a download) is the browser's.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
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
    const hit = link === null ? null : entryAt(link);
    if (hit === null) return;
    event.preventDefault();
    if (hit.entry.isDirectory) nav.openFolder(hit.entry.path);
    else nav.preview(folder, hit.entry.name);
  };
  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const hit = entryAt(event.target);
    if (hit === null) return;
    event.preventDefault();
    event.stopPropagation();
    onMenu(hit.entry, { x: event.clientX, y: event.clientY });
  };
  useEffect(() => () => press.current.cancel(), []);

  const onMenuButton = useCallback((entry: FsEntry, element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    onMenuRef.current(entry, { x: box.left, y: box.bottom });
  }, []);

  return (
    <div
      ref={setHost}
      role="list"
      aria-label={label}
      className={`entries entries--${view}`}
      style={{ height: virtualizer.getTotalSize(), ['--columns' as string]: columns }}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const hit = entryAt(event.target);
        if (hit) setFocusIndex(hit.index);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endPress}
      onPointerCancel={endPress}
      onClickCapture={onClickCapture}
      onClick={onClick}
      onContextMenu={onContextMenu}
    >
      <EntryRows
        rows={shownRows}
        columns={columns}
        entries={entries}
        scrollMargin={scrollMargin}
        view={view}
        calls={calls}
        text={text}
        focusIndex={focusIndex}
        selectable={selectable}
        selected={selected}
        onToggleSelect={onToggleSelect}
        onMenuButton={onMenuButton}
      />
    </div>
  );
}

type EntryRowsProps = {
  rows: VirtualItem[];
  columns: number;
  entries: FsEntry[];
  scrollMargin: number;
  view: ExplorerView;
  calls: FsCalls;
  text: EntryText;
  focusIndex: number;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggleSelect: (entry: FsEntry) => void;
  onMenuButton: (entry: FsEntry, element: HTMLElement) => void;
};

/** The rows in view; drawn again only when they or the entries change, not on every scroll event. */
const EntryRows = memo(function EntryRows({
  rows,
  columns,
  entries,
  scrollMargin,
  view,
  calls,
  text,
  focusIndex,
  selectable,
  selected,
  onToggleSelect,
  onMenuButton,
}: EntryRowsProps) {
  const first = (rows[0]?.index ?? 0) * columns;
  const end = Math.min(entries.length, ((rows[rows.length - 1]?.index ?? -1) + 1) * columns);
  // One entry is a tab stop: the focused one when drawn, else the first drawn.
  const tabbable = focusIndex >= first && focusIndex < end ? focusIndex : end > first ? first : -1;
  return rows.map((row) => (
    <div
      key={row.key}
      className="entries__row"
      style={{ transform: `translateY(${row.start - scrollMargin}px)`, height: ROW_HEIGHT[view] }}
    >
      {entries.slice(row.index * columns, row.index * columns + columns).map((entry, i) => {
        const index = row.index * columns + i;
        return (
          <EntryItem
            key={entry.path}
            entry={entry}
            index={index}
            gallery={view === 'gallery'}
            pictures={view !== 'list'}
            calls={calls}
            text={text}
            tabbable={index === tabbable}
            selectable={selectable}
            selected={selected.has(entry.path)}
            onToggleSelect={onToggleSelect}
            onMenuButton={onMenuButton}
          />
        );
      })}
    </div>
  ));
});
