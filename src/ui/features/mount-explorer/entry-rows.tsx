// The rows in view of a list, a grid or a gallery; drawn again only when they or the entries
// change, not on every scroll event. A row scrolled into view is drawn in the elements of one that
// left (row-slots.ts), each entry in the element of the same column.
import type { VirtualItem } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import type { FsEntry } from '@shared/api/fs.schema';
import type { FsCalls } from './data/use-fs-calls';
import { EntryItem, type EntryText } from './entry-item';
import type { EntryLayout } from './entry-layout';
import { assignSlots, type RowSlots } from './row-slots';

type EntryRowsProps = {
  rows: VirtualItem[];
  columns: number;
  entries: FsEntry[];
  scrollMargin: number;
  layout: EntryLayout;
  calls: FsCalls;
  text: EntryText;
  focusIndex: number;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggleSelect: (entry: FsEntry) => void;
  onMenuButton: (entry: FsEntry, element: HTMLElement) => void;
};

/** A row's entries, each with its index in the folder and its column (the key of its element). */
function cellsOf(entries: FsEntry[], row: number, columns: number) {
  const first = row * columns;
  return entries.slice(first, first + columns).map((entry, column) => ({ entry, index: first + column, column }));
}

export const EntryRows = memo(function EntryRows({
  rows,
  columns,
  entries,
  scrollMargin,
  layout,
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
  const drawn = useRef<RowSlots>(new Map());
  const slots = useMemo(
    () =>
      assignSlots(
        drawn.current,
        rows.map((row) => row.index),
      ),
    [rows],
  );
  useLayoutEffect(() => {
    drawn.current = slots;
  }, [slots]);
  return rows.map((row) => (
    <div
      key={slots.get(row.index) ?? `row-${row.index}`}
      className="entries__row"
      style={{ transform: `translateY(${row.start - scrollMargin}px)`, height: layout.rowHeight }}
    >
      {cellsOf(entries, row.index, columns).map(({ entry, index, column }) => (
        <EntryItem
          key={column}
          entry={entry}
          index={index}
          gallery={layout.gallery}
          pictures={layout.pictures}
          calls={calls}
          text={text}
          tabbable={index === tabbable}
          selectable={selectable}
          selected={selected.has(entry.path)}
          onToggleSelect={onToggleSelect}
          onMenuButton={onMenuButton}
        />
      ))}
    </div>
  ));
});
