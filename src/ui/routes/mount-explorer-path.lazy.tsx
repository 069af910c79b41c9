// The `/mount-explorer/$` route's screen; the route's beforeLoad keeps a key inside its basic path.
import { getRouteApi } from '@tanstack/react-router';
import { ExplorerPage } from '@ui/features/mount-explorer/explorer-page';
import { folderFromSplat } from '@ui/features/mount-explorer/fs-paths';

const route = getRouteApi('/mount-explorer/$');

export function MountExplorerPathScreen() {
  const { _splat } = route.useParams();
  const { preview } = route.useSearch();
  return <ExplorerPage folder={folderFromSplat(_splat)} preview={preview ?? null} />;
}
