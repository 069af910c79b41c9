import { createFileRoute } from '@tanstack/react-router';
import { FileViewPage } from '../../features/file-view/file-view-page';

export const Route = createFileRoute('/file/$slug')({ component: FileRoute });

function FileRoute() {
  const { slug } = Route.useParams();
  return <FileViewPage key={slug} slug={slug} />;
}
