import type { ApiClient } from '@shared/http/api-client';
import { useServicesSource } from './services-provider';

/** The app's one API client (credentials, time-outs, typed errors), the same object for the app's life. */
export function useApiClient(): ApiClient {
  const source = useServicesSource();
  if (source === null) throw new Error('useApiClient needs a ServicesProvider');
  return source.api;
}
