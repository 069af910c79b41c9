// Builds the API client and the auth actor together: the client reads credentials from the
// actor and reports rejected ones back to it, while the actor's network steps use the client.
// Why a session ended is tracked from the actor's first event, before any screen mounts, and its
// end makes this browser forget the folder listings and searches it kept offline.
import { createActor, fromPromise } from 'xstate';
import { adminLogin, adminLogout, checkAdminToken, checkApiKey } from '@shared/api/auth.endpoints';
import type { AdminTokenCheck, ApiKeyCheck, LoginResponse } from '@shared/api/auth.schema';
import { authMachine } from '@machines/auth.machine';
import { createTaskRegistry } from '@machines/task-registry';
import type { AuthStorage } from '@machines/auth-storage';
import { createApiClient } from '@shared/http/api-client';
import type { AuthActor } from '@ui/domain/session/auth-provider';
import { resolveApiBaseUrl } from '@ui/lib/base-url';
import { localDatabaseExists } from '@db/database-name';
import { credentialsOf } from '@ui/domain/session/credentials';
import { forgetSessionCopies } from '@ui/domain/session/forget-session-copies';
import { createOfflineQueue } from '@ui/domain/offline-queue/offline-queue';
import { openQueueStore, replayEndpoints } from '@ui/domain/offline-queue/offline-queue-store';
import { createReplayHandoff, mirrorReplayCredentials } from '@ui/domain/offline-queue/replay-handoff';
import type { AppServices } from '@ui/domain/services/services-source';
import { trackSessionEnd } from '@ui/domain/session/session-end';

export function createAppServices(storage: AuthStorage, fetchImpl?: typeof fetch): AppServices {
  let auth: AuthActor | undefined;
  const api = createApiClient({
    fetch: fetchImpl,
    baseUrl: () => resolveApiBaseUrl(window.appConfig, storage),
    getCredentials: () => credentialsOf(auth?.getSnapshot().context),
    onAuthExpired: () => auth?.send({ type: 'auth.expired' }),
  });
  // Each actor names its credentials (or none), so a refusal is the machine's to read rather
  // than a report of the session's own credentials expiring.
  const keyCheck = ({ input, signal }: { input: { apiKey: string }; signal: AbortSignal }) =>
    api.call(checkApiKey, { credentials: { scheme: 'apikey', key: input.apiKey }, signal });
  const machine = authMachine.provide({
    actors: {
      adminLogin: fromPromise<LoginResponse, { username: string; password: string }>(({ input, signal }) =>
        api.call(adminLogin, { body: input, credentials: 'none', signal }),
      ),
      apiKeyLogin: fromPromise<ApiKeyCheck, { apiKey: string }>(keyCheck),
      adminCheck: fromPromise<AdminTokenCheck, { token: string }>(({ input, signal }) =>
        api.call(checkAdminToken, { credentials: { scheme: 'admin', token: input.token }, signal }),
      ),
      apiKeyCheck: fromPromise<ApiKeyCheck, { apiKey: string }>(keyCheck),
      adminLogout: fromPromise<null, { token: string }>(({ input, signal }) =>
        api.call(adminLogout, { credentials: { scheme: 'admin', token: input.token }, signal }),
      ),
    },
  });
  auth = createActor(machine, { input: { storage } });
  const sessionEnd = trackSessionEnd(auth);
  auth.on('logout', () => void forgetSessionCopies().catch(() => undefined));
  auth.start();
  const handoff = createReplayHandoff();
  if (handoff !== undefined) {
    const started = auth;
    mirrorReplayCredentials(
      () => credentialsOf(started.getSnapshot().context),
      (onChange) => {
        const subscription = started.subscribe(onChange);
        return () => subscription.unsubscribe();
      },
    );
  }
  const offline = createOfflineQueue({
    api,
    store: openQueueStore,
    storeExists: () => localDatabaseExists(),
    endpoints: replayEndpoints,
    getCredentials: () => credentialsOf(auth?.getSnapshot().context),
    ...(handoff === undefined ? {} : { handoff }),
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
  });
  return { api: offline.client, auth, sessionEnd, offline, tasks: createTaskRegistry() };
}
