import { createFileRoute } from '@tanstack/react-router';
import { loadLocaleBundles } from '../app/locale-bundles';
import { UploadPage } from '../features/upload/upload-page';

export const Route = createFileRoute('/upload')({
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'fileAreas'),
  component: UploadPage,
});
