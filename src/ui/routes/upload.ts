// `/upload`: the upload page, loaded lazily; the loader adds the file strings.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadLocaleBundles } from '@ui/app/locale-bundles';
import { rootRoute } from './root';

export const uploadRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/upload',
  staticData: { requiresAuth: true },
  loader: ({ context }) => loadLocaleBundles(context.i18n, 'uploadAreas', 'transfers'),
  component: lazyRouteComponent(() => import('@ui/features/upload/upload-page'), 'UploadPage'),
});
