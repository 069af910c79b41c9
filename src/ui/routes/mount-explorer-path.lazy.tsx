// The `/mount-explorer/$` route's screen; a path outside the key's basic path goes there instead.
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LaterScreen } from '../components/later-screen';
import { useMountPathRedirect } from '../features/mount-explorer/mount-path-guard';

const route = getRouteApi('/mount-explorer/$');

export function MountExplorerPathScreen() {
  const { t } = useTranslation();
  const { _splat } = route.useParams();
  const redirect = useMountPathRedirect(`/${_splat ?? ''}`);
  if (redirect !== null) return <Navigate to="/mount-explorer/$" params={{ _splat: redirect.slice(1) }} replace />;
  return <LaterScreen title={t('pages.mountExplorer.title')} />;
}
