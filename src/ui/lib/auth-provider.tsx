import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiErrorInit } from '@shared/api-error';
import type { ApiKeyPermissions } from '@shared/api/auth.schema';
import type { Actor } from 'xstate';
import type { authMachine } from '@machines/auth.machine';
import type { SessionEnd, SessionEndReason } from './session-end';

export type AuthActor = Actor<typeof authMachine>;
type AuthServices = { actor: AuthActor; sessionEnd: SessionEnd };

const AuthContext = createContext<AuthServices | null>(null);

export function AuthProvider({ actor, sessionEnd, children }: AuthServices & { children: ReactNode }) {
  const services = useMemo(() => ({ actor, sessionEnd }), [actor, sessionEnd]);
  return <AuthContext.Provider value={services}>{children}</AuthContext.Provider>;
}

function useAuthServices(): AuthServices {
  const services = useContext(AuthContext);
  if (!services) throw new Error('the auth hooks need an AuthProvider');
  return services;
}

export function useAuthActor(): AuthActor {
  return useAuthServices().actor;
}

/** Why the server ended the last session (expired token, invalid key), or null. */
export function useSessionEndReason(): SessionEndReason | null {
  const { sessionEnd } = useAuthServices();
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

const sameView = (a: AuthView, b: AuthView) => a.status === b.status && a.permissions === b.permissions && a.error === b.error;

/** The parts of the auth state the screens render from. */
export function useAuthView(): AuthView {
  return useSelector(
    useAuthActor(),
    (snapshot) => ({ status: statusOf(snapshot), permissions: snapshot.context.permissions, error: snapshot.context.error }),
    sameView,
  );
}
