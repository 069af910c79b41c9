// The `/paste/$slug` route's screen, remounted for each slug; the server's view of it
// adopted as it is when the page came with one (adopted-island.tsx).
import { getRouteApi } from '@tanstack/react-router';
import { AdoptedIsland } from '@ui/lib/adopted-island';
import { PasteViewPage } from '@ui/features/pastes/paste-view-page';

const route = getRouteApi('/paste/$slug');

export function PasteScreen() {
  const { slug } = route.useParams();
  return (
    <AdoptedIsland key={slug} kind="paste" slug={slug}>
      <PasteViewPage slug={slug} />
    </AdoptedIsland>
  );
}
