// The paste screens use the app's API client. Creating a paste must also send an Idempotency-Key,
// which the shared client cannot add yet, so `withHeaders` builds a client over the same session.
import { useMemo } from 'react';
import { useApiClient } from '../../../app/api-client-provider';
import { useAuthActor } from '../../../app/auth-provider';
import type { AuthActor } from '../../../app/app-services';
import { createApiClient, type ApiClient, type Credentials } from '../../../lib/api-client';
import { resolveApiBaseUrl } from '../../../lib/base-url';

export type PastesApi = {
  api: ApiClient;
  withHeaders: (headers: Record<string, string>) => ApiClient;
  baseUrl: () => string;
};

function credentialsOf(actor: AuthActor): Credentials | null {
  const { adminToken, apiKey } = actor.getSnapshot().context;
  if (adminToken) return { scheme: 'admin', token: adminToken };
  if (apiKey) return { scheme: 'apikey', key: apiKey };
  return null;
}

function fetchWith(headers: Record<string, string>): typeof fetch {
  return (input, init = {}) => {
    const merged = new Headers(init.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    return fetch(input, { ...init, headers: merged });
  };
}

export function usePastesApi(): PastesApi {
  const api = useApiClient();
  const actor = useAuthActor();
  return useMemo(() => {
    const baseUrl = () => resolveApiBaseUrl(window.appConfig, window.localStorage);
    const withHeaders = (headers: Record<string, string>) =>
      createApiClient({
        fetch: fetchWith(headers),
        baseUrl,
        getCredentials: () => credentialsOf(actor),
        onAuthExpired: () => actor.send({ type: 'auth.expired' }),
      });
    return { api, withHeaders, baseUrl };
  }, [api, actor]);
}
