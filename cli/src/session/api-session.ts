// Which server and credentials a command talks to, and the shared API client over Node's fetch.
// CLIPDOCK_URL and CLIPDOCK_KEY take precedence over the stored sign-in; a stored credential is
// only ever sent to the server it was stored for.
import { APP_VERSION } from '@shared/limits';
import { createApiClient, type ApiClient, type Credentials } from '@shared/http/api-client';
import { CliError, ExitCode } from '@cli/output/exit-codes';
import { readCredential, type StoredCredential } from './credentials-store';
import { apiBase, canonicalServer } from './server-address';

export type Scope = 'admin' | 'user';

export type ApiSession = {
  server: string;
  credentials: Credentials | null;
  /** Which side of the fs endpoints the credentials open: the admin's or a key's. */
  scope: Scope;
  api: ApiClient;
};

const userAgent = `clipdock-cli/${APP_VERSION}`;

/** Node's fetch with the client's User-Agent on every request. */
export const cliFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set('user-agent', userAgent);
  return fetch(input, { ...init, headers });
};

export function apiClientFor(server: string, credentials: Credentials | null): ApiClient {
  return createApiClient({
    fetch: cliFetch,
    baseUrl: () => apiBase(server),
    getCredentials: () => credentials,
    // A command makes its calls and ends: a refused credential is reported as the call's error.
    onAuthExpired: () => undefined,
  });
}

export function credentialsOf(stored: StoredCredential): Credentials {
  return stored.kind === 'admin' ? { scheme: 'admin', token: stored.token } : { scheme: 'apikey', key: stored.key };
}

export async function openSession(env: NodeJS.ProcessEnv, options: { signedIn: boolean }): Promise<ApiSession> {
  const stored = await readCredential(env);
  const envUrl = env.CLIPDOCK_URL?.trim();
  const envKey = env.CLIPDOCK_KEY?.trim();
  const chosen = envUrl !== undefined && envUrl !== '' ? envUrl : stored?.server;
  if (chosen === undefined)
    throw new CliError(ExitCode.auth, 'no server: run `clipdock login <server>` or set CLIPDOCK_URL');
  const server = canonicalServer(chosen);
  let credentials: Credentials | null = null;
  if (envKey !== undefined && envKey !== '') credentials = { scheme: 'apikey', key: envKey };
  else if (stored !== undefined && canonicalServer(stored.server) === server) credentials = credentialsOf(stored);
  if (credentials === null && options.signedIn)
    throw new CliError(ExitCode.auth, `not signed in to ${server}: run \`clipdock login\` or set CLIPDOCK_KEY`);
  const scope: Scope = credentials?.scheme === 'admin' ? 'admin' : 'user';
  return { server, credentials, scope, api: apiClientFor(server, credentials) };
}
