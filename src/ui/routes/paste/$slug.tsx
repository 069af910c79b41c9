import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LaterScreen } from '../../components/later-screen';

export const Route = createFileRoute('/paste/$slug')({ component: PasteRoute });

function PasteRoute() {
  const { t } = useTranslation();
  return <LaterScreen title={t('pages.paste.title')} />;
}
