// The `/mount-explorer/` route's screen: the explorer at the mounts' root.
import { getRouteApi } from '@tanstack/react-router';
import { ExplorerPage } from '../features/mount-explorer/explorer-page';

// The route's id at run time keeps the path's trailing slash (`/mount-explorer/`), while the
// router's types name it `/mount-explorer`: the id given must be the run-time one.
const route = getRouteApi('/mount-explorer/' as '/mount-explorer');

export function MountExplorerScreen() {
  const { preview } = route.useSearch();
  return <ExplorerPage folder="/" preview={preview ?? null} />;
}
