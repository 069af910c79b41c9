import { createFileRoute } from '@tanstack/react-router';
import { loadLocaleBundles } from '../../app/locale-bundles';
import { PasteViewPage } from '../../features/pastes/view/paste-view-page';

export const Route = createFileRoute('/paste/$slug')({
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'pastes'),
  component: PasteRoute,
});

function PasteRoute() {
  const { slug } = Route.useParams();
  return <PasteViewPage key={slug} slug={slug} />;
}
