// The gallery: larger cards (at least 180 px) for pictures, thumbnails and large icons; a file
// opens in a preview that fills the window (explorer.tsx). The arrows move across and down.
import type { EntriesViewProps, EntryLayout } from './entry-layout';
import { VirtualEntries } from './virtual-entries';

const galleryLayout: EntryLayout = {
  view: 'gallery',
  rowHeight: 208,
  cardMinWidth: 180,
  overscan: 3,
  pictures: true,
  gallery: true,
};

export function GalleryView(props: EntriesViewProps) {
  return <VirtualEntries {...props} layout={galleryLayout} />;
}
