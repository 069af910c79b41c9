// Routes that need a signed-in user say so with `staticData.requiresAuth`; entering one (a new
// path, not a search change) sends `auth.revalidate`. The machine skips checks under 5 minutes old.
import type { AuthActor } from '@ui/domain/session/auth-provider';
import type { createAppRouter } from './router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Entering this route, or a route below it, revalidates the session. */
    requiresAuth?: boolean;
  }
}

/** Starts revalidating on entry, including for the current location; returns the unsubscribe. */
export function revalidateOnEntry(
  router: ReturnType<typeof createAppRouter>,
  auth: Pick<AuthActor, 'send'>,
): () => void {
  const revalidateIfRequired = () => {
    if (router.state.matches.some((match) => match.staticData.requiresAuth === true))
      auth.send({ type: 'auth.revalidate' });
  };
  revalidateIfRequired();
  return router.subscribe('onResolved', (event) => {
    if (event.pathChanged) revalidateIfRequired();
  });
}
