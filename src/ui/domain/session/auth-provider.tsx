// The auth hooks of the screens. The actor comes with the app's services (services-source.ts);
// until they exist, which only happens to a visitor with no stored session, the view is signed out.
import { useMemo, useSyncExternalStore } from 'react';
import type { ApiErrorInit } from '@shared/api-error';
import type { ApiKeyPermissions } from '@shared/api/auth.schema';
import type { Actor } from 'xstate';
import type { authMachine } from '@machines/auth.machine';
import { useRequiredServices, useServicesSource } from '@ui/domain/services/services-provider';
import { watchServices, type ServicesSource } from '@ui/domain/services/services-source';
import type { SessionEndReason } from './session-end';

export type AuthActor = Actor<typeof authMachine>;

/** The actor, suspending until the services exist: for sign-in forms and what sends auth events. */
export function useAuthActor(): AuthActor {
  return useRequiredServices().auth;
}

/** Why the server ended the last session (expired token, invalid key), or null. */
export function useSessionEndReason(): SessionEndReason | null {
  const { sessionEnd } = useRequiredServices();
  return useSyncExternalStore(sessionEnd.subscribe, sessionEnd.getReason);
}

export type AuthStatus = 'none' | 'loggingIn' | 'admin' | 'apikey';
export type AuthView = {
  status: AuthStatus;
  permissions: ApiKeyPermissions | null;
  error: ApiErrorInit | null;
};

type AuthSnapshot = ReturnType<AuthActor['getSnapshot']>;

function statusOf(snapshot: AuthSnapshot): AuthStatus {
  if (snapshot.matches('admin')) return 'admin';
  if (snapshot.matches('apikey')) return 'apikey';
  if (snapshot.matches('loggingIn')) return 'loggingIn';
  return 'none';
}

const sameView = (a: AuthView, b: AuthView) =>
  a.status === b.status && a.permissions === b.permissions && a.error === b.error;

const signedOut: AuthView = { status: 'none', permissions: null, error: null };

/**
 * The view as an external store whose value keeps its identity while it is the same: signed out
 * until the services exist, then the actor's. Their arrival re-renders nothing when the view is
 * unchanged (a visitor with no session), so the page they arrive under is not rendered again.
 */
function viewStore(source: ServicesSource | null) {
  let last = signedOut;
  return {
    subscribe: (onChange: () => void) =>
      watchServices(
        source,
        ({ auth }, change) => {
          const subscription = auth.subscribe(change);
          return () => subscription.unsubscribe();
        },
        onChange,
      ),
    get: () => {
      const actor = source?.current()?.auth;
      if (actor === undefined) return last;
      const snapshot = actor.getSnapshot();
      const next = {
        status: statusOf(snapshot),
        permissions: snapshot.context.permissions,
        error: snapshot.context.error,
      };
      if (!sameView(last, next)) last = next;
      return last;
    },
  };
}

/** The parts of the auth state the screens render from. */
export function useAuthView(): AuthView {
  const source = useServicesSource();
  const store = useMemo(() => viewStore(source), [source]);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
