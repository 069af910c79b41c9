// Builds the API client and the auth actor together: the client reads credentials from the
// actor and reports rejected ones back to it, while the actor's network steps use the client.
// Why a session ended is tracked from the actor's first event, before any screen mounts.
import { createActor, fromPromise, type Actor } from 'xstate';
import type { ApiKeyCheck, LoginResponse } from '@shared/api/auth.schema';
import { authMachine, type AuthContext } from '@machines/auth.machine';
import type { AuthStorage } from '@machines/auth-storage';
import { createApiClient, type ApiClient, type Credentials } from '../lib/api-client';
import { checkAdminToken, checkApiKey, login, logout } from '../lib/api/auth';
import { resolveApiBaseUrl } from '../lib/base-url';
import { trackSessionEnd, type SessionEnd } from './session-end';

export type AuthActor = Actor<typeof authMachine>;
export type AppServices = { api: ApiClient; auth: AuthActor; sessionEnd: SessionEnd };

export function credentialsOf(context: AuthContext | undefined): Credentials | null {
  if (context?.adminToken) return { scheme: 'admin', token: context.adminToken };
  if (context?.apiKey) return { scheme: 'apikey', key: context.apiKey };
  return null;
}

export function createAppServices(storage: AuthStorage, fetchImpl?: typeof fetch): AppServices {
  let auth: AuthActor | undefined;
  const api = createApiClient({
    fetch: fetchImpl,
    baseUrl: () => resolveApiBaseUrl(window.appConfig, storage),
    getCredentials: () => credentialsOf(auth?.getSnapshot().context),
    onAuthExpired: () => auth?.send({ type: 'auth.expired' }),
  });
  const machine = authMachine.provide({
    actors: {
      adminLogin: fromPromise<LoginResponse, { username: string; password: string }>(({ input, signal }) =>
        login(api, input, signal),
      ),
      apiKeyLogin: fromPromise<ApiKeyCheck, { apiKey: string }>(({ input, signal }) => checkApiKey(api, input.apiKey, signal)),
      adminCheck: fromPromise<unknown, { token: string }>(({ input, signal }) => checkAdminToken(api, input.token, signal)),
      apiKeyCheck: fromPromise<ApiKeyCheck, { apiKey: string }>(({ input, signal }) => checkApiKey(api, input.apiKey, signal)),
      adminLogout: fromPromise<unknown, { token: string }>(({ input, signal }) => logout(api, input.token, signal)),
    },
  });
  auth = createActor(machine, { input: { storage } });
  const sessionEnd = trackSessionEnd(auth);
  auth.start();
  return { api, auth, sessionEnd };
}
