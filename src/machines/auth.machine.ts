// Who the user is (none, admin, API key) and whether that is still true. Network calls
// are named actors provided by the app; storage is injected so the machine runs in tests and tabs.
import { assertEvent, assign, emit, fromPromise, setup, spawnChild } from 'xstate';
import type { ApiErrorInit } from '@shared/api-error';
import { adminTokenCheckSchema, apiKeyCheckSchema, loginResponseSchema } from '@shared/api/auth.schema';
import type {
  AdminTokenCheck,
  ApiKeyCheck,
  ApiKeyInfo,
  ApiKeyPermissions,
  LoginResponse,
} from '@shared/api/auth.schema';
import { AUTH_REVALIDATE_AFTER_MS } from '@shared/limits';
import { isCredentialFailure, missingTokenError, toErrorInit } from './auth-errors';
import { readStoredSession, writeStoredSession } from './auth-storage';
import type { AuthStorage, StoredSession } from './auth-storage';

export type AuthContext = {
  adminToken: string | null;
  username: string | null;
  apiKey: string | null;
  permissions: ApiKeyPermissions | null;
  keyInfo: ApiKeyInfo | null;
  lastCheckedAt: number;
  error: ApiErrorInit | null;
  /** Where the session is persisted (the `input.storage` the actor was created with). */
  storage: AuthStorage;
};

export type AuthEvent =
  | { type: 'auth.login.admin'; username: string; password: string }
  | { type: 'auth.login.apiKey'; apiKey: string }
  | { type: 'auth.logout' }
  /** The server already ended every session (an account change): sign out here without asking it again. */
  | { type: 'auth.sessionEnded' }
  | { type: 'auth.revalidate' }
  | { type: 'auth.expired' };

/** Delivered by XState when the fire-and-forget server logout rejects. */
type AdminLogoutFailed = { type: 'xstate.error.actor.adminLogout'; error: unknown };

export type AuthEmitted = { type: 'logout' } | { type: 'admin-token-expired' } | { type: 'api-key-invalid' };

export type AuthInput = { storage: AuthStorage };

const signedOut = {
  adminToken: null,
  username: null,
  apiKey: null,
  permissions: null,
  keyInfo: null,
  lastCheckedAt: 0,
} satisfies Partial<AuthContext>;

function notProvided(name: string): never {
  throw new Error(`auth machine: actor "${name}" was not provided`);
}

function sessionOf(context: AuthContext): StoredSession {
  if (context.adminToken !== null) return { kind: 'admin', adminToken: context.adminToken };
  if (context.apiKey !== null) {
    return { kind: 'apikey', apiKey: context.apiKey, permissions: context.permissions, keyInfo: context.keyInfo };
  }
  return { kind: 'none' };
}

function restoreContext(storage: AuthStorage): AuthContext {
  const session = readStoredSession(storage);
  const base = { ...signedOut, error: null, storage };
  if (session.kind === 'admin') return { ...base, adminToken: session.adminToken };
  if (session.kind === 'apikey') {
    return { ...base, apiKey: session.apiKey, permissions: session.permissions, keyInfo: session.keyInfo };
  }
  return base;
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent | AdminLogoutFailed,
    input: {} as AuthInput,
    emitted: {} as AuthEmitted,
  },
  actors: {
    adminLogin: fromPromise<LoginResponse, { username: string; password: string }>(() => notProvided('adminLogin')),
    apiKeyLogin: fromPromise<ApiKeyCheck, { apiKey: string }>(() => notProvided('apiKeyLogin')),
    adminCheck: fromPromise<AdminTokenCheck, { token: string }>(() => notProvided('adminCheck')),
    apiKeyCheck: fromPromise<ApiKeyCheck, { apiKey: string }>(() => notProvided('apiKeyCheck')),
    adminLogout: fromPromise<null, { token: string }>(() => notProvided('adminLogout')),
  },
  actions: {
    persistSession: ({ context }) => writeStoredSession(context.storage, sessionOf(context)),
    clearSession: assign(signedOut),
    clearError: assign({ error: null }),
    markChecked: assign({ lastCheckedAt: () => Date.now() }),
    emitLogout: emit({ type: 'logout' } as const),
    emitAdminExpired: emit({ type: 'admin-token-expired' } as const),
    emitApiKeyInvalid: emit({ type: 'api-key-invalid' } as const),
    revokeAdminToken: spawnChild('adminLogout', {
      id: 'adminLogout',
      input: ({ context }) => ({ token: context.adminToken ?? '' }),
    }),
  },
  guards: {
    hasAdminToken: ({ context }) => context.adminToken !== null,
    hasApiKey: ({ context }) => context.apiKey !== null,
    isStale: ({ context }) => Date.now() - context.lastCheckedAt > AUTH_REVALIDATE_AFTER_MS,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => restoreContext(input.storage),
  entry: 'persistSession',
  initial: 'none',
  on: {
    // A failed server logout is ignored: the session already ended locally.
    'xstate.error.actor.adminLogout': {},
  },
  states: {
    none: {
      always: [
        { guard: 'hasAdminToken', target: 'admin' },
        { guard: 'hasApiKey', target: 'apikey' },
      ],
      on: {
        'auth.login.admin': { target: 'loggingIn.admin' },
        'auth.login.apiKey': {
          target: 'loggingIn.apiKey',
          actions: assign({ apiKey: ({ event }) => event.apiKey }),
        },
      },
    },
    loggingIn: {
      entry: 'clearError',
      initial: 'admin',
      states: {
        admin: {
          invoke: {
            src: 'adminLogin',
            input: ({ event }) => {
              assertEvent(event, 'auth.login.admin');
              return { username: event.username, password: event.password };
            },
            onDone: [
              {
                guard: ({ event }) => loginResponseSchema.safeParse(event.output).success,
                target: '#auth.admin',
                actions: [
                  assign(({ event }) => ({
                    ...signedOut,
                    adminToken: event.output.token,
                    username: event.output.username,
                    lastCheckedAt: Date.now(),
                  })),
                  'persistSession',
                ],
              },
              { target: '#auth.none', actions: assign({ error: missingTokenError }) },
            ],
            onError: { target: '#auth.none', actions: assign({ error: ({ event }) => toErrorInit(event.error) }) },
          },
        },
        apiKey: {
          invoke: {
            src: 'apiKeyLogin',
            input: ({ event }) => {
              assertEvent(event, 'auth.login.apiKey');
              return { apiKey: event.apiKey };
            },
            onDone: [
              {
                guard: ({ event }) => apiKeyCheckSchema.safeParse(event.output).success,
                target: '#auth.apikey',
                actions: [
                  assign(({ event, context }) => ({
                    ...signedOut,
                    apiKey: context.apiKey,
                    permissions: event.output.permissions,
                    keyInfo: event.output.key_info,
                    lastCheckedAt: Date.now(),
                  })),
                  'persistSession',
                ],
              },
              { target: '#auth.none', actions: assign({ ...signedOut, error: { kind: 'bad-response' } }) },
            ],
            onError: {
              target: '#auth.none',
              actions: assign(({ event }) => ({ ...signedOut, error: toErrorInit(event.error) })),
            },
          },
        },
      },
    },
    admin: {
      initial: 'ready',
      on: {
        'auth.logout': {
          target: 'none',
          actions: ['revokeAdminToken', 'clearSession', 'persistSession', 'emitLogout'],
        },
        'auth.sessionEnded': { target: 'none', actions: ['clearSession', 'persistSession', 'emitLogout'] },
        'auth.expired': {
          target: 'none',
          actions: ['clearSession', 'persistSession', 'emitLogout', 'emitAdminExpired'],
        },
      },
      states: {
        ready: {
          on: { 'auth.revalidate': { guard: 'isStale', target: 'checking' } },
        },
        checking: {
          invoke: {
            src: 'adminCheck',
            input: ({ context }) => ({ token: context.adminToken ?? '' }),
            onDone: {
              target: 'ready',
              actions: [
                'markChecked',
                assign({
                  username: ({ event, context }) =>
                    adminTokenCheckSchema.safeParse(event.output).data?.username ?? context.username,
                }),
              ],
            },
            onError: [
              {
                guard: ({ event }) => isCredentialFailure(event.error),
                target: '#auth.none',
                actions: ['clearSession', 'persistSession', 'emitLogout', 'emitAdminExpired'],
              },
              { target: 'ready' },
            ],
          },
        },
      },
    },
    apikey: {
      initial: 'ready',
      on: {
        'auth.logout': { target: 'none', actions: ['clearSession', 'persistSession', 'emitLogout'] },
        'auth.expired': {
          target: 'none',
          actions: ['clearSession', 'persistSession', 'emitLogout', 'emitApiKeyInvalid'],
        },
      },
      states: {
        ready: {
          on: { 'auth.revalidate': { guard: 'isStale', target: 'checking' } },
        },
        checking: {
          invoke: {
            src: 'apiKeyCheck',
            input: ({ context }) => ({ apiKey: context.apiKey ?? '' }),
            onDone: [
              {
                guard: ({ event }) => apiKeyCheckSchema.safeParse(event.output).success,
                target: 'ready',
                actions: [
                  'markChecked',
                  assign({
                    permissions: ({ event }) => event.output.permissions,
                    keyInfo: ({ event }) => event.output.key_info,
                  }),
                  'persistSession',
                ],
              },
              { target: 'ready' },
            ],
            onError: [
              {
                guard: ({ event }) => isCredentialFailure(event.error),
                target: '#auth.none',
                actions: ['clearSession', 'persistSession', 'emitLogout', 'emitApiKeyInvalid'],
              },
              { target: 'ready' },
            ],
          },
        },
      },
    },
  },
});
