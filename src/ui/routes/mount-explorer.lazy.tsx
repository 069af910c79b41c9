// The `/mount-explorer/` route's screen; its beforeLoad sends a confined key to its basic path.
import { useTranslation } from 'react-i18next';
import { LaterScreen } from '../components/later-screen';

export function MountExplorerScreen() {
  const { t } = useTranslation();
  return <LaterScreen title={t('pages.mountExplorer.title')} />;
}
