// The `/mount-explorer/` route's screen: the explorer at the mounts' root.
import { getRouteApi } from '@tanstack/react-router';
import { ExplorerPage } from '../features/mount-explorer/explorer-page';

const route = getRouteApi('/mount-explorer');

export function MountExplorerScreen() {
  const { preview } = route.useSearch();
  return <ExplorerPage folder="/" preview={preview ?? null} />;
}
