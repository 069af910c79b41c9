import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@shared/api-error';
import type { AdminTokenCheck, ApiKeyCheck, LoginResponse } from '@shared/api/auth.schema';
import { AUTH_REVALIDATE_AFTER_MS } from '@shared/limits';
import { authMachine } from './auth.machine';
import type { AuthEmitted } from './auth.machine';
import type { AuthStorage } from './auth-storage';

class MemoryStorage implements AuthStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const login: LoginResponse = { username: 'admin', token: 'tok-1', expiresAt: '2030-01-01T00:00:00.000Z' };
const keyCheck: ApiKeyCheck = {
  name: 'ci',
  basic_path: '/docs',
  permissions: { text: true, file: false, mount: true },
  key_info: { id: 'k1', name: 'ci', basic_path: '/docs', read_only: false },
};
const expired = new ApiError({ kind: 'admin-session-expired', status: 401, code: 'TOKEN_EXPIRED' });
const offline = new ApiError({ kind: 'network' });

type Fakes = {
  adminLogin: (input: { username: string; password: string }) => Promise<LoginResponse>;
  apiKeyLogin: (input: { apiKey: string }) => Promise<ApiKeyCheck>;
  adminCheck: (input: { token: string }) => Promise<AdminTokenCheck>;
  apiKeyCheck: (input: { apiKey: string }) => Promise<ApiKeyCheck>;
  adminLogout: (input: { token: string }) => Promise<null>;
};

function start(storage: MemoryStorage, overrides: Partial<Fakes> = {}) {
  const fakes = {
    adminLogin: vi.fn<Fakes['adminLogin']>(overrides.adminLogin ?? (async () => login)),
    apiKeyLogin: vi.fn<Fakes['apiKeyLogin']>(overrides.apiKeyLogin ?? (async () => keyCheck)),
    adminCheck: vi.fn<Fakes['adminCheck']>(overrides.adminCheck ?? (async () => ({ username: 'admin' }))),
    apiKeyCheck: vi.fn<Fakes['apiKeyCheck']>(overrides.apiKeyCheck ?? (async () => keyCheck)),
    adminLogout: vi.fn<Fakes['adminLogout']>(overrides.adminLogout ?? (async () => null)),
  };
  const machine = authMachine.provide({
    actors: {
      adminLogin: fromPromise(({ input }) => fakes.adminLogin(input)),
      apiKeyLogin: fromPromise(({ input }) => fakes.apiKeyLogin(input)),
      adminCheck: fromPromise(({ input }) => fakes.adminCheck(input)),
      apiKeyCheck: fromPromise(({ input }) => fakes.apiKeyCheck(input)),
      adminLogout: fromPromise(({ input }) => fakes.adminLogout(input)),
    },
  });
  const actor = createActor(machine, { input: { storage } });
  const emitted: AuthEmitted['type'][] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();
  return { actor, fakes, emitted };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

function storedAdmin(): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem('admin_token', 'tok-0');
  return storage;
}

function storedApiKey(): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem('api_key', 'key-0');
  storage.setItem('api_key_permissions', JSON.stringify(keyCheck.permissions));
  storage.setItem('api_key_info', JSON.stringify(keyCheck.key_info));
  return storage;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('restoring from storage', () => {
  it('starts signed out with empty storage', () => {
    const { actor } = start(new MemoryStorage());
    expect(actor.getSnapshot().value).toBe('none');
  });

  it('restores an admin session that has never been checked', () => {
    const { actor } = start(storedAdmin());
    const { value, context } = actor.getSnapshot();
    expect(value).toEqual({ admin: 'ready' });
    expect(context).toMatchObject({ adminToken: 'tok-0', apiKey: null, lastCheckedAt: 0 });
  });

  it('restores an API key session with its permissions and key info', () => {
    const { actor } = start(storedApiKey());
    const { value, context } = actor.getSnapshot();
    expect(value).toEqual({ apikey: 'ready' });
    expect(context).toMatchObject({ apiKey: 'key-0', permissions: keyCheck.permissions, keyInfo: keyCheck.key_info });
  });

  it('clears corrupt values without crashing and keeps the key for the next check', () => {
    const storage = new MemoryStorage();
    storage.setItem('api_key', 'key-0');
    storage.setItem('api_key_permissions', '{not json');
    storage.setItem('api_key_info', JSON.stringify({ id: 1 }));
    const { actor } = start(storage);
    expect(actor.getSnapshot().value).toEqual({ apikey: 'ready' });
    expect(actor.getSnapshot().context).toMatchObject({ permissions: null, keyInfo: null });
    expect([...storage.items.keys()]).toEqual(['api_key']);
  });

  it('drops a blank token and orphaned API key values', () => {
    const storage = new MemoryStorage();
    storage.setItem('admin_token', '  ');
    storage.setItem('api_key_info', JSON.stringify(keyCheck.key_info));
    const { actor } = start(storage);
    expect(actor.getSnapshot().value).toBe('none');
    expect(storage.items.size).toBe(0);
  });

  it('prefers the admin token and clears API key values when both are stored', () => {
    const storage = storedApiKey();
    storage.setItem('admin_token', 'tok-0');
    const { actor } = start(storage);
    expect(actor.getSnapshot().value).toEqual({ admin: 'ready' });
    expect([...storage.items.keys()]).toEqual(['admin_token']);
  });
});

describe('admin login', () => {
  it('stores the token and marks the session as just checked', async () => {
    const storage = new MemoryStorage();
    const { actor, fakes } = start(storage);
    actor.send({ type: 'auth.login.admin', username: 'admin', password: 'secret-pw' });
    expect(actor.getSnapshot().value).toEqual({ loggingIn: 'admin' });
    await settle();
    expect(fakes.adminLogin).toHaveBeenCalledWith({ username: 'admin', password: 'secret-pw' });
    expect(actor.getSnapshot().value).toEqual({ admin: 'ready' });
    expect(actor.getSnapshot().context).toMatchObject({
      adminToken: 'tok-1',
      username: 'admin',
      lastCheckedAt: Date.now(),
      error: null,
    });
    expect(Object.fromEntries(storage.items)).toEqual({ admin_token: 'tok-1' });
  });

  it('returns to none with the error when rejected, and clears it on the next attempt', async () => {
    const refused = new ApiError({ kind: 'invalid-credentials', status: 401, code: 'INVALID_CREDENTIALS' });
    const adminLogin = vi.fn<Fakes['adminLogin']>().mockRejectedValueOnce(refused).mockResolvedValueOnce(login);
    const { actor } = start(new MemoryStorage(), { adminLogin });
    actor.send({ type: 'auth.login.admin', username: 'admin', password: 'wrong' });
    await settle();
    expect(actor.getSnapshot().value).toBe('none');
    expect(actor.getSnapshot().context.error).toEqual(refused.toJSON());
    actor.send({ type: 'auth.login.admin', username: 'admin', password: 'secret-pw' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    expect(actor.getSnapshot().value).toEqual({ admin: 'ready' });
  });

  it('treats a response without a token as a failure', async () => {
    const storage = new MemoryStorage();
    const noToken = { username: 'admin', expiresAt: login.expiresAt } as unknown as LoginResponse;
    const { actor } = start(storage, { adminLogin: async () => noToken });
    actor.send({ type: 'auth.login.admin', username: 'admin', password: 'secret-pw' });
    await settle();
    expect(actor.getSnapshot().value).toBe('none');
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'bad-response', fields: [{ path: 'token' }] });
    expect(storage.items.size).toBe(0);
  });
});

describe('API key login', () => {
  it('stores the key, permissions and key info', async () => {
    const storage = new MemoryStorage();
    const { actor, fakes } = start(storage);
    actor.send({ type: 'auth.login.apiKey', apiKey: 'key-1' });
    await settle();
    expect(fakes.apiKeyLogin).toHaveBeenCalledWith({ apiKey: 'key-1' });
    expect(actor.getSnapshot().value).toEqual({ apikey: 'ready' });
    expect(actor.getSnapshot().context).toMatchObject({ apiKey: 'key-1', adminToken: null, lastCheckedAt: Date.now() });
    expect(Object.fromEntries(storage.items)).toEqual({
      api_key: 'key-1',
      api_key_permissions: JSON.stringify(keyCheck.permissions),
      api_key_info: JSON.stringify(keyCheck.key_info),
    });
  });

  it('returns to none with bad-response when the reply is not a key check', async () => {
    const storage = new MemoryStorage();
    const malformed = { name: 'ci', permissions: { text: 'yes' } } as unknown as ApiKeyCheck;
    const { actor } = start(storage, { apiKeyLogin: async () => malformed });
    actor.send({ type: 'auth.login.apiKey', apiKey: 'key-1' });
    await settle();
    expect(actor.getSnapshot().value).toBe('none');
    expect(actor.getSnapshot().context).toMatchObject({ apiKey: null, error: { kind: 'bad-response' } });
    expect(storage.items.size).toBe(0);
  });

  it('returns to none without keeping the key when rejected', async () => {
    const invalid = new ApiError({ kind: 'api-key-invalid', status: 401 });
    const storage = new MemoryStorage();
    const { actor } = start(storage, { apiKeyLogin: () => Promise.reject(invalid) });
    actor.send({ type: 'auth.login.apiKey', apiKey: 'nope' });
    await settle();
    expect(actor.getSnapshot().value).toBe('none');
    expect(actor.getSnapshot().context).toMatchObject({ apiKey: null, error: invalid.toJSON() });
    expect(storage.items.size).toBe(0);
  });
});

describe('revalidation', () => {
  it('skips the check within five minutes and performs it after', async () => {
    const { actor, fakes } = start(new MemoryStorage());
    actor.send({ type: 'auth.login.admin', username: 'admin', password: 'secret-pw' });
    await settle();
    await vi.advanceTimersByTimeAsync(AUTH_REVALIDATE_AFTER_MS);
    actor.send({ type: 'auth.revalidate' });
    expect(actor.getSnapshot().value).toEqual({ admin: 'ready' });
    expect(fakes.adminCheck).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'auth.revalidate' });
    expect(actor.getSnapshot().value).toEqual({ admin: 'checking' });
    await settle();
    expect(fakes.adminCheck).toHaveBeenCalledWith({ token: 'tok-1' });
    expect(actor.getSnapshot().value).toEqual({ admin: 'ready' });
    expect(actor.getSnapshot().context.lastCheckedAt).toBe(Date.now());
  });

  it('checks a restored admin session on the first revalidate', async () => {
    const { actor, fakes } = start(storedAdmin());
    actor.send({ type: 'auth.revalidate' });
    await settle();
    expect(fakes.adminCheck).toHaveBeenCalledWith({ token: 'tok-0' });
    expect(actor.getSnapshot().context).toMatchObject({ lastCheckedAt: Date.now(), username: 'admin' });
  });

  it('refreshes API key permissions and key info on a successful check', async () => {
    const storage = storedApiKey();
    const narrowed = { ...keyCheck, permissions: { text: false, file: false, mount: true } };
    const { actor, fakes } = start(storage, { apiKeyCheck: async () => narrowed });
    actor.send({ type: 'auth.revalidate' });
    await settle();
    expect(fakes.apiKeyCheck).toHaveBeenCalledWith({ apiKey: 'key-0' });
    expect(actor.getSnapshot().value).toEqual({ apikey: 'ready' });
    expect(actor.getSnapshot().context).toMatchObject({ permissions: narrowed.permissions, lastCheckedAt: Date.now() });
    expect(storage.getItem('api_key_permissions')).toBe(JSON.stringify(narrowed.permissions));
  });

  it('skips an API key check within five minutes of the last one', async () => {
    const { actor, fakes } = start(new MemoryStorage());
    actor.send({ type: 'auth.login.apiKey', apiKey: 'key-1' });
    await settle();
    await vi.advanceTimersByTimeAsync(AUTH_REVALIDATE_AFTER_MS);
    actor.send({ type: 'auth.revalidate' });
    expect(actor.getSnapshot().value).toEqual({ apikey: 'ready' });
    expect(fakes.apiKeyCheck).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'auth.revalidate' });
    await settle();
    expect(fakes.apiKeyCheck).toHaveBeenCalledWith({ apiKey: 'key-1' });
  });

  it('keeps the API key session, its permissions and its staleness when the check reply is malformed', async () => {
    const storage = storedApiKey();
    const malformed = { name: 'ci' } as unknown as ApiKeyCheck;
    const { actor, emitted } = start(storage, { apiKeyCheck: async () => malformed });
    actor.send({ type: 'auth.revalidate' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ apikey: 'ready' });
    expect(actor.getSnapshot().context).toMatchObject({
      apiKey: 'key-0',
      permissions: keyCheck.permissions,
      lastCheckedAt: 0,
    });
    expect(emitted).toEqual([]);
    expect(storage.getItem('api_key_permissions')).toBe(JSON.stringify(keyCheck.permissions));
  });

  it('logs an admin out on a 401 check, emitting logout and admin-token-expired', async () => {
    const storage = storedAdmin();
    const { actor, emitted } = start(storage, { adminCheck: () => Promise.reject(expired) });
    actor.send({ type: 'auth.revalidate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('none');
    expect(actor.getSnapshot().context).toMatchObject({ adminToken: null, username: null, lastCheckedAt: 0 });
    expect(emitted).toEqual(['logout', 'admin-token-expired']);
    expect(storage.items.size).toBe(0);
  });

  it('logs an API key out on a 403 check, emitting logout and api-key-invalid', async () => {
    const storage = storedApiKey();
    const forbidden = new ApiError({ kind: 'forbidden', status: 403 });
    const { actor, emitted } = start(storage, { apiKeyCheck: () => Promise.reject(forbidden) });
    actor.send({ type: 'auth.revalidate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('none');
    expect(actor.getSnapshot().context).toMatchObject({ apiKey: null, permissions: null, keyInfo: null });
    expect(emitted).toEqual(['logout', 'api-key-invalid']);
    expect(storage.items.size).toBe(0);
  });

  it('keeps the session on a network failure and checks again next time', async () => {
    const storage = storedApiKey();
    const apiKeyCheck = vi.fn<Fakes['apiKeyCheck']>().mockRejectedValueOnce(offline).mockResolvedValueOnce(keyCheck);
    const { actor, emitted } = start(storage, { apiKeyCheck });
    actor.send({ type: 'auth.revalidate' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ apikey: 'ready' });
    expect(actor.getSnapshot().context).toMatchObject({ apiKey: 'key-0', lastCheckedAt: 0 });
    expect(emitted).toEqual([]);
    expect(storage.items.size).toBe(3);
    actor.send({ type: 'auth.revalidate' });
    await settle();
    expect(apiKeyCheck).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.lastCheckedAt).toBe(Date.now());
  });

  it('keeps an admin session when the check times out', async () => {
    const timeout = new ApiError({ kind: 'timeout' });
    const { actor, emitted } = start(storedAdmin(), { adminCheck: () => Promise.reject(timeout) });
    actor.send({ type: 'auth.revalidate' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ admin: 'ready' });
    expect(emitted).toEqual([]);
  });
});

describe('expiry and logout', () => {
  it('handles auth.expired for an admin', () => {
    const storage = storedAdmin();
    const { actor, emitted } = start(storage);
    actor.send({ type: 'auth.expired' });
    expect(actor.getSnapshot().value).toBe('none');
    expect(emitted).toEqual(['logout', 'admin-token-expired']);
    expect(storage.items.size).toBe(0);
  });

  it('handles auth.expired for an API key, even mid-check', () => {
    const storage = storedApiKey();
    const { actor, emitted } = start(storage, { apiKeyCheck: () => new Promise<ApiKeyCheck>(() => undefined) });
    actor.send({ type: 'auth.revalidate' });
    expect(actor.getSnapshot().value).toEqual({ apikey: 'checking' });
    actor.send({ type: 'auth.expired' });
    expect(actor.getSnapshot().value).toBe('none');
    expect(emitted).toEqual(['logout', 'api-key-invalid']);
    expect(storage.items.size).toBe(0);
  });

  it('ignores auth.expired when signed out', () => {
    const { actor, emitted } = start(new MemoryStorage());
    actor.send({ type: 'auth.expired' });
    expect(actor.getSnapshot().value).toBe('none');
    expect(emitted).toEqual([]);
  });

  it('logs an admin out locally even when the server logout fails', async () => {
    const storage = storedAdmin();
    const adminLogout = vi.fn<Fakes['adminLogout']>(() => Promise.reject(offline));
    const { actor, emitted } = start(storage, { adminLogout });
    actor.send({ type: 'auth.logout' });
    expect(actor.getSnapshot().value).toBe('none');
    expect(emitted).toEqual(['logout']);
    expect(storage.items.size).toBe(0);
    await settle();
    expect(adminLogout).toHaveBeenCalledWith({ token: 'tok-0' });
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'auth.login.apiKey', apiKey: 'key-1' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ apikey: 'ready' });
  });

  it('ends a session the server already ended without calling the server logout', () => {
    const storage = storedAdmin();
    const { actor, fakes, emitted } = start(storage);
    actor.send({ type: 'auth.sessionEnded' });
    expect(actor.getSnapshot().value).toBe('none');
    expect(emitted).toEqual(['logout']);
    expect(fakes.adminLogout).not.toHaveBeenCalled();
    expect(storage.items.size).toBe(0);
  });

  it('logs an API key out', () => {
    const storage = storedApiKey();
    const { actor, fakes, emitted } = start(storage);
    actor.send({ type: 'auth.logout' });
    expect(actor.getSnapshot().value).toBe('none');
    expect(actor.getSnapshot().context).toMatchObject({ apiKey: null, permissions: null, keyInfo: null });
    expect(emitted).toEqual(['logout']);
    expect(fakes.adminLogout).not.toHaveBeenCalled();
    expect(storage.items.size).toBe(0);
  });
});
