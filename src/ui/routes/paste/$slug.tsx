import { createFileRoute } from '@tanstack/react-router';
import { PasteViewPage } from '../../features/pastes/view/paste-view-page';

export const Route = createFileRoute('/paste/$slug')({ component: PasteRoute });

function PasteRoute() {
  const { slug } = Route.useParams();
  return <PasteViewPage key={slug} slug={slug} />;
}
