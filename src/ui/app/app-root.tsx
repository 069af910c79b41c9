import { RouterProvider } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { StrictMode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiClientProvider } from '../lib/api-client-provider';
import { OfflineQueueProvider } from '../lib/offline-queue-provider';
import type { AppServices } from './app-services';
import { AuthProvider } from '../lib/auth-provider';
import { revalidateOnEntry } from './revalidate-on-entry';
import type { createAppRouter } from './router';
import { TaskProvider } from '../lib/task-provider';
import { ThemeProvider } from '../lib/theme-provider';

type AppRootProps = {
  i18n: I18n;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  services: AppServices;
  router: ReturnType<typeof createAppRouter>;
};

/** Every app-wide provider around the router, shared by the entry point and the app tests. */
export function AppRoot({ i18n, storage, services, router }: AppRootProps) {
  useEffect(() => revalidateOnEntry(router, services.auth), [router, services.auth]);

  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider storage={storage}>
          <AuthProvider actor={services.auth} sessionEnd={services.sessionEnd}>
            <ApiClientProvider client={services.api}>
              <OfflineQueueProvider queue={services.offline}>
                <TaskProvider registry={services.tasks}>
                  <RouterProvider router={router} />
                </TaskProvider>
              </OfflineQueueProvider>
            </ApiClientProvider>
          </AuthProvider>
        </ThemeProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
