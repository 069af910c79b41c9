import { RouterProvider } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { StrictMode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ServicesProvider } from '@ui/domain/services/services-provider';
import { withServices, type ServicesSource } from '@ui/domain/services/services-source';
import { revalidateOnEntry } from './revalidate-on-entry';
import type { createAppRouter } from './router';
import { ThemeProvider } from '@ui/lib/theme-provider';
import { whenPresented } from '@ui/lib/when-presented';

type AppRootProps = {
  i18n: I18n;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  services: ServicesSource;
  router: ReturnType<typeof createAppRouter>;
};

/** Every app-wide provider around the router, shared by the entry point and the app tests. */
export function AppRoot({ i18n, storage, services, router }: AppRootProps) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    const cancel = withServices(services, ({ auth }) => {
      stop = revalidateOnEntry(router, auth);
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [router, services]);
  // Services not created before the first render (services-source.ts) are created once that
  // render is on screen, so their code is not even asked for before it.
  useEffect(() => whenPresented(() => void services.ready().catch(() => undefined)), [services]);

  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider storage={storage}>
          <ServicesProvider source={services}>
            <RouterProvider router={router} />
          </ServicesProvider>
        </ThemeProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
