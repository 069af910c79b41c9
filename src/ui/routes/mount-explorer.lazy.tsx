// The `/mount-explorer/` route's screen; a key confined to a basic path is sent there instead.
import { Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LaterScreen } from '../components/later-screen';
import { useMountPathRedirect } from '../features/mount-explorer/mount-path-guard';

export function MountExplorerScreen() {
  const { t } = useTranslation();
  const redirect = useMountPathRedirect('/');
  if (redirect !== null) return <Navigate to="/mount-explorer/$" params={{ _splat: redirect.slice(1) }} replace />;
  return <LaterScreen title={t('pages.mountExplorer.title')} />;
}
