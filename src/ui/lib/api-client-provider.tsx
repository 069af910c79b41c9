import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '@shared/http/api-client';

const ApiClientContext = createContext<ApiClient | null>(null);

/** Hands the app's one API client (credentials, time-outs, typed errors) to the screens. */
export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an ApiClientProvider');
  return client;
}
