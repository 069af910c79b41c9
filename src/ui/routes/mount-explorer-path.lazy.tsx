// The `/mount-explorer/$` route's screen; the route's beforeLoad keeps a key inside its basic path.
import { useTranslation } from 'react-i18next';
import { LaterScreen } from '../components/later-screen';

export function MountExplorerPathScreen() {
  const { t } = useTranslation();
  return <LaterScreen title={t('pages.mountExplorer.title')} />;
}
