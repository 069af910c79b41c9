// The list: one entry a row, its name, size and time side by side; the arrows move up and down.
import type { EntriesViewProps, EntryLayout } from './entry-layout';
import { VirtualEntries } from './virtual-entries';

const listLayout: EntryLayout = {
  view: 'list',
  rowHeight: 56,
  cardMinWidth: null,
  overscan: 12,
  pictures: false,
  gallery: false,
};

export function ListView(props: EntriesViewProps) {
  return <VirtualEntries {...props} layout={listLayout} />;
}
