// The grid: cards of at least 150 px, as many to a row as fit, an image's thumbnail or the icon
// of its kind; the arrows move across and down.
import type { EntriesViewProps, EntryLayout } from './entry-layout';
import { VirtualEntries } from './virtual-entries';

const gridLayout: EntryLayout = {
  view: 'grid',
  rowHeight: 132,
  cardMinWidth: 150,
  overscan: 3,
  pictures: true,
  gallery: false,
};

export function GridView(props: EntriesViewProps) {
  return <VirtualEntries {...props} layout={gridLayout} />;
}
