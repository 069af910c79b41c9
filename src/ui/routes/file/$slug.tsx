import { createFileRoute } from '@tanstack/react-router';
import { loadLocaleBundles } from '../../app/locale-bundles';
import { FileViewPage } from '../../features/file-view/file-view-page';

export const Route = createFileRoute('/file/$slug')({
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'fileAreas'),
  component: FileRoute,
});

function FileRoute() {
  const { slug } = Route.useParams();
  return <FileViewPage key={slug} slug={slug} />;
}
