import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginResponse } from '@shared/api/auth.schema';
import { authMachine } from '@machines/auth.machine';
import { trackSessionEnd } from './session-end';

const login: LoginResponse = { username: 'admin', token: 'tok-2', expiresAt: '2099-01-01T00:00:00.000Z' };

function start() {
  const machine = authMachine.provide({
    actors: {
      adminLogin: fromPromise<LoginResponse, { username: string; password: string }>(async () => login),
      adminLogout: fromPromise<null, { token: string }>(async () => null),
    },
  });
  const actor = createActor(machine, { input: { storage: window.localStorage } });
  const sessionEnd = trackSessionEnd(actor);
  actor.start();
  return { actor, sessionEnd };
}

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

describe('trackSessionEnd', () => {
  it('remembers that the server ended an admin session', () => {
    window.localStorage.setItem('admin_token', 'tok-1');
    const { actor, sessionEnd } = start();
    let notified = 0;
    sessionEnd.subscribe(() => (notified += 1));
    expect(sessionEnd.getReason()).toBeNull();

    actor.send({ type: 'auth.expired' });
    expect(sessionEnd.getReason()).toBe('admin-session-expired');
    expect(notified).toBe(1);
  });

  it('remembers that the server refused an API key', () => {
    window.localStorage.setItem('api_key', 'key-1');
    const { actor, sessionEnd } = start();
    actor.send({ type: 'auth.expired' });
    expect(sessionEnd.getReason()).toBe('api-key-invalid');
  });

  it('has no reason after a deliberate logout, also one after a new login that followed an expiry', async () => {
    window.localStorage.setItem('admin_token', 'tok-1');
    const { actor, sessionEnd } = start();
    actor.send({ type: 'auth.expired' });
    expect(sessionEnd.getReason()).toBe('admin-session-expired');

    actor.send({ type: 'auth.login.admin', username: 'admin', password: 'right' });
    await waitFor(actor, (snapshot) => snapshot.matches('admin'));
    actor.send({ type: 'auth.logout' });
    expect(sessionEnd.getReason()).toBeNull();
  });
});
