// The `/paste/$slug` route's screen, remounted for each slug.
import { getRouteApi } from '@tanstack/react-router';
import { PasteViewPage } from '@ui/features/pastes/paste-view-page';

const route = getRouteApi('/paste/$slug');

export function PasteScreen() {
  const { slug } = route.useParams();
  return <PasteViewPage key={slug} slug={slug} />;
}
