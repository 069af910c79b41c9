// The virtualised entries every view draws in its own layout (entry-layout.ts): one focus stop
// for the keyboard (use-entry-keys.ts), the mouse and touch (use-entry-pointer.ts), and rows drawn
// only while in view (use-virtual-rows.ts).
import { useEffect } from 'react';
import { entryAt, type EntriesViewProps, type EntryLayout } from './entry-layout';
import { EntryRows } from './entry-rows';
import { useEntryKeys } from './use-entry-keys';
import { useEntryPointer } from './use-entry-pointer';
import { useEntryText } from './use-entry-text';
import { useExplorerNavigation } from './use-explorer-navigation';
import { useVirtualRows } from './use-virtual-rows';

export function VirtualEntries({
  layout,
  entries,
  folder,
  calls,
  label,
  selectable,
  selected,
  onToggleSelect,
  onMenu,
  onKeyAction,
  onNearEnd,
}: EntriesViewProps & { layout: EntryLayout }) {
  const { host, setHost, columns, rowCount, scrollMargin, virtualizer, shownRows, lastRow } = useVirtualRows(
    entries.length,
    layout,
  );
  const text = useEntryText(folder);
  const nav = useExplorerNavigation();

  useEffect(() => {
    if (rowCount > 0 && lastRow >= rowCount - 4) onNearEnd();
  }, [lastRow, rowCount, onNearEnd]);

  const keys = useEntryKeys({
    entries,
    host,
    columns,
    across: layout.cardMinWidth !== null,
    selectable,
    scrollToRow: (row) => virtualizer.scrollToIndex(row),
    onToggleSelect,
    onKeyAction,
    onMenu,
  });
  const pointer = useEntryPointer({
    entries,
    onOpen: (entry) => (entry.isDirectory ? nav.openFolder(entry.path) : nav.preview(folder, entry.name)),
    onMenu,
  });

  return (
    <div
      ref={setHost}
      role="list"
      aria-label={label}
      className={`entries entries--${layout.view}`}
      style={{ height: virtualizer.getTotalSize(), ['--columns' as string]: columns }}
      onKeyDown={keys.onKeyDown}
      onFocus={(event) => {
        const hit = entryAt(entries, event.target);
        if (hit) keys.setFocusIndex(hit.index);
      }}
      {...pointer.handlers}
    >
      <EntryRows
        rows={shownRows}
        columns={columns}
        entries={entries}
        scrollMargin={scrollMargin}
        layout={layout}
        calls={calls}
        text={text}
        focusIndex={keys.focusIndex}
        selectable={selectable}
        selected={selected}
        onToggleSelect={onToggleSelect}
        onMenuButton={pointer.onMenuButton}
      />
    </div>
  );
}
