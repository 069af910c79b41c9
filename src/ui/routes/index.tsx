import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LaterScreen } from '../components/later-screen';

export const Route = createFileRoute('/')({ component: HomeRoute });

function HomeRoute() {
  const { t } = useTranslation();
  return <LaterScreen title={t('pages.home.title')} />;
}
