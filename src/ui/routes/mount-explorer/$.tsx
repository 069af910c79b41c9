import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LaterScreen } from '../../components/later-screen';
import { mountExplorerSearchSchema } from '../../features/mount-explorer/mount-explorer-search';
import { useMountPathRedirect } from '../../features/mount-explorer/mount-path-guard';

export const Route = createFileRoute('/mount-explorer/$')({
  validateSearch: mountExplorerSearchSchema,
  component: MountExplorerRoute,
});

function MountExplorerRoute() {
  const { t } = useTranslation();
  const { _splat } = Route.useParams();
  const redirect = useMountPathRedirect(`/${_splat ?? ''}`);
  if (redirect !== null) return <Navigate to="/mount-explorer/$" params={{ _splat: redirect.slice(1) }} replace />;
  return <LaterScreen title={t('pages.mountExplorer.title')} />;
}
