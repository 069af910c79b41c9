import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LaterScreen } from '../../components/later-screen';
import { mountExplorerSearchSchema } from '../../features/mount-explorer/mount-explorer-search';

export const Route = createFileRoute('/mount-explorer/')({
  validateSearch: mountExplorerSearchSchema,
  component: MountExplorerRoute,
});

function MountExplorerRoute() {
  const { t } = useTranslation();
  return <LaterScreen title={t('pages.mountExplorer.title')} />;
}
