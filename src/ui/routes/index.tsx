import { createFileRoute } from '@tanstack/react-router';
import { loadLocaleBundles } from '../app/locale-bundles';
import { CreatePastePage } from '../features/pastes/create/create-paste-page';

export const Route = createFileRoute('/')({
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'pastes'),
  component: CreatePastePage,
});
