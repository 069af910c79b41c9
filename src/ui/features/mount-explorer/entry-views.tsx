// The folder's entries in the view the user chose: the list, the grid or the gallery, each in a
// file of its own over the same virtualised rows (virtual-entries.tsx).
import type { ComponentType } from 'react';
import type { EntriesViewProps } from './entry-layout';
import type { ExplorerView } from './explorer-prefs';
import { GalleryView } from './gallery-view';
import { GridView } from './grid-view';
import { ListView } from './list-view';

const views: Record<ExplorerView, ComponentType<EntriesViewProps>> = {
  list: ListView,
  grid: GridView,
  gallery: GalleryView,
};

export function EntriesView({ view, ...props }: EntriesViewProps & { view: ExplorerView }) {
  const View = views[view];
  return <View {...props} />;
}
