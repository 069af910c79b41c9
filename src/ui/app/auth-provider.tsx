import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { ApiErrorInit } from '../../shared/api-error';
import type { ApiKeyPermissions } from '../../shared/api/auth.schema';
import type { AuthActor } from './app-services';

const AuthContext = createContext<AuthActor | null>(null);

export function AuthProvider({ actor, children }: { actor: AuthActor; children: ReactNode }) {
  return <AuthContext.Provider value={actor}>{children}</AuthContext.Provider>;
}

export function useAuthActor(): AuthActor {
  const actor = useContext(AuthContext);
  if (!actor) throw new Error('useAuthActor needs an AuthProvider');
  return actor;
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
