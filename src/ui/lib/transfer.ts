// The app's one transfer worker: started on the first upload, it reads the API base URL and the
// signed-in credentials from the auth actor before every upload, like the API client does.
import { createTransferClient, type TransferClient } from '@workers/transfer-client';
import type { AuthActor } from '../app/app-services';
import { resolveApiBaseUrl } from './base-url';

let client: TransferClient | null = null;

function authorizationOf(auth: AuthActor): string | null {
  const { adminToken, apiKey } = auth.getSnapshot().context;
  if (adminToken) return `Bearer ${adminToken}`;
  if (apiKey) return `ApiKey ${apiKey}`;
  return null;
}

export function getTransferClient(auth: AuthActor): TransferClient {
  if (client === null) {
    client = createTransferClient({
      baseUrl: resolveApiBaseUrl(window.appConfig, window.localStorage),
      authorization: () => authorizationOf(auth),
    });
  }
  return client;
}
