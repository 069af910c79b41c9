// Hands the app's services source (services-source.ts) to the hooks of api-client-provider,
// auth-provider, offline-queue-provider and task-provider, which the screens use.
import { createContext, use, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AppServices, ServicesSource } from './services-source';

const ServicesContext = createContext<ServicesSource | null>(null);

export function ServicesProvider({ source, children }: { source: ServicesSource; children: ReactNode }) {
  return <ServicesContext.Provider value={source}>{children}</ServicesContext.Provider>;
}

/** The source, or null for a screen rendered alone in a test. */
export function useServicesSource(): ServicesSource | null {
  return useContext(ServicesContext);
}

const noSource = { current: () => null, subscribe: () => () => undefined };

/** The services once created (re-rendering then), else null: for what can wait for them. */
export function useCreatedServices(): AppServices | null {
  const source = useServicesSource() ?? noSource;
  return useSyncExternalStore(source.subscribe, source.current, source.current);
}

/** The services, suspending until they are created: for screens that cannot show without them. */
export function useRequiredServices(): AppServices {
  const source = useServicesSource();
  if (source === null) throw new Error('the services hooks need a ServicesProvider');
  return source.current() ?? use(source.ready());
}
