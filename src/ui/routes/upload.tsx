import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LaterScreen } from '../components/later-screen';

export const Route = createFileRoute('/upload')({ component: UploadRoute });

function UploadRoute() {
  const { t } = useTranslation();
  return <LaterScreen title={t('pages.upload.title')} />;
}
