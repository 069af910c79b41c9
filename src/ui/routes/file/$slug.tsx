import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LaterScreen } from '../../components/later-screen';

export const Route = createFileRoute('/file/$slug')({ component: FileRoute });

function FileRoute() {
  const { t } = useTranslation();
  return <LaterScreen title={t('pages.file.title')} />;
}
