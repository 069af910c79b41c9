// Why the last session ended, kept for the login screen. The auth machine's events are fleeting:
// a refused token or key emits `logout` then its reason, often before the login screen mounts.
import type { Actor } from 'xstate';
import type { authMachine } from '@machines/auth.machine';

/** Matches the `errors.*` message the login screen shows. */
export type SessionEndReason = 'admin-session-expired' | 'api-key-invalid';

export type SessionEnd = {
  /** The reason the last session was ended by the server, or null after a deliberate logout. */
  getReason(): SessionEndReason | null;
  subscribe(listener: () => void): () => void;
};

export function trackSessionEnd(actor: Actor<typeof authMachine>): SessionEnd {
  let reason: SessionEndReason | null = null;
  const listeners = new Set<() => void>();
  const update = (next: SessionEndReason | null) => {
    if (next === reason) return;
    reason = next;
    for (const listener of listeners) listener();
  };
  actor.on('logout', () => update(null));
  actor.on('admin-token-expired', () => update('admin-session-expired'));
  actor.on('api-key-invalid', () => update('api-key-invalid'));
  return {
    getReason: () => reason,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
