// The rows in view of a list, a grid or a gallery; drawn again only when they or the entries
// change, not on every scroll event.
import type { VirtualItem } from '@tanstack/react-virtual';
import { memo } from 'react';
import type { FsEntry } from '@shared/api/fs.schema';
import type { FsCalls } from './data/use-fs-calls';
import { EntryItem, type EntryText } from './entry-item';
import type { EntryLayout } from './entry-layout';

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
  return rows.map((row) => (
    <div
      key={row.key}
      className="entries__row"
      style={{ transform: `translateY(${row.start - scrollMargin}px)`, height: layout.rowHeight }}
    >
      {entries.slice(row.index * columns, row.index * columns + columns).map((entry, i) => {
        const index = row.index * columns + i;
        return (
          <EntryItem
            key={entry.path}
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
        );
      })}
    </div>
  ));
});
