// The `/file/$slug` route's screen, remounted for each slug; the server's view of it
// adopted as it is when the page came with one (adopted-island.tsx).
import { getRouteApi } from '@tanstack/react-router';
import { AdoptedIsland } from '@ui/lib/adopted-island';
import { FileViewPage } from '@ui/features/file-view/file-view-page';

const route = getRouteApi('/file/$slug');

export function FileScreen() {
  const { slug } = route.useParams();
  return (
    <AdoptedIsland key={slug} kind="file" slug={slug}>
      <FileViewPage slug={slug} />
    </AdoptedIsland>
  );
}
