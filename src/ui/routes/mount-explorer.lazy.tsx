// The `/mount-explorer/` route's screen: the explorer at the mounts' root. The search is read
// loosely (the route validated it already): naming this route here would import it in a cycle.
import { useSearch } from '@tanstack/react-router';
import { ExplorerPage } from '@ui/features/mount-explorer/explorer-page';

export function MountExplorerScreen() {
  const { preview } = useSearch({ strict: false });
  return <ExplorerPage folder="/" preview={preview ?? null} />;
}
