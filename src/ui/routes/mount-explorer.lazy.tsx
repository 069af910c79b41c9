// The `/mount-explorer/` route's screen: the explorer at the mounts' root.
import { ExplorerPage } from '../features/mount-explorer/explorer-page';
import { mountExplorerRoute as route } from './mount-explorer';

export function MountExplorerScreen() {
  const { preview } = route.useSearch();
  return <ExplorerPage folder="/" preview={preview ?? null} />;
}
