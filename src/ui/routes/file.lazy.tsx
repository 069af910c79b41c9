// The `/file/$slug` route's screen, remounted for each slug.
import { getRouteApi } from '@tanstack/react-router';
import { FileViewPage } from '@ui/features/file-view/file-view-page';

const route = getRouteApi('/file/$slug');

export function FileScreen() {
  const { slug } = route.useParams();
  return <FileViewPage key={slug} slug={slug} />;
}
