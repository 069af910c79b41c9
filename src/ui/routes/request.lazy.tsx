// The `/request/$slug` route's screen, remounted for each slug.
import { getRouteApi } from '@tanstack/react-router';
import { RequestPage } from '@ui/features/file-request/request-page';

const route = getRouteApi('/request/$slug');

export function RequestScreen() {
  const { slug } = route.useParams();
  return <RequestPage key={slug} slug={slug} />;
}
