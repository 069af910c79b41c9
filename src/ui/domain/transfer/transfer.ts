// The app's transfer worker, one per auth actor: started on the first upload, it reads the API
// base URL and the signed-in credentials before every upload, like the API client does, and a
// refused credential ends the session through the auth machine exactly as a refused page call.
import type { Endpoint } from 'comlink';
import { createTransferClient, type TransferClient } from '@workers/transfer-client';
import type { AuthActor } from '@ui/domain/session/auth-provider';
import { credentialsOf } from '@ui/domain/session/credentials';
import { resolveApiBaseUrl } from '@ui/lib/base-url';

const clients = new WeakMap<AuthActor, TransferClient>();

/** `endpoint` stands in for the worker in tests. */
export function createAppTransferClient(auth: AuthActor, endpoint?: () => Endpoint): TransferClient {
  return createTransferClient({
    baseUrl: () => resolveApiBaseUrl(window.appConfig, window.localStorage),
    credentials: () => credentialsOf(auth.getSnapshot().context),
    onAuthExpired: () => auth.send({ type: 'auth.expired' }),
    ...(endpoint === undefined ? {} : { endpoint }),
  });
}

export function getTransferClient(auth: AuthActor): TransferClient {
  let client = clients.get(auth);
  if (client === undefined) {
    client = createAppTransferClient(auth);
    clients.set(auth, client);
  }
  return client;
}
