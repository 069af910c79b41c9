// Reads and writes the persisted auth session. Stored values come from
// a previous page load or another tab, so every one is parsed; a corrupt value is dropped.
import * as z from 'zod/mini';
import { apiKeyInfoSchema, apiKeyPermissionsSchema } from '@shared/api/auth.schema';
import type { ApiKeyInfo, ApiKeyPermissions } from '@shared/api/auth.schema';
import { authStorageKeys } from './auth-storage-keys';

export type AuthStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type StoredSession =
  | { kind: 'none' }
  | { kind: 'admin'; adminToken: string }
  | { kind: 'apikey'; apiKey: string; permissions: ApiKeyPermissions | null; keyInfo: ApiKeyInfo | null };

const credentialSchema = z.string().check(z.trim(), z.minLength(1));

function readJson<T>(storage: AuthStorage, key: string, schema: z.core.$ZodType<T>): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    const parsed = z.safeParse(schema, JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The session the stored keys describe. An admin token wins over an API key. */
export function readStoredSession(storage: AuthStorage): StoredSession {
  const adminToken = credentialSchema.safeParse(storage.getItem(authStorageKeys.adminToken));
  if (adminToken.success) return { kind: 'admin', adminToken: adminToken.data };
  const apiKey = credentialSchema.safeParse(storage.getItem(authStorageKeys.apiKey));
  if (!apiKey.success) return { kind: 'none' };
  return {
    kind: 'apikey',
    apiKey: apiKey.data,
    permissions: readJson(storage, authStorageKeys.permissions, apiKeyPermissionsSchema),
    keyInfo: readJson(storage, authStorageKeys.keyInfo, apiKeyInfoSchema),
  };
}

function setOrRemove(storage: AuthStorage, key: string, value: string | null): void {
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, value);
}

/**
 * Makes the stored keys describe exactly `session`: the other kind's keys and any value that
 * is not part of the session (including corrupt ones) are removed.
 */
export function writeStoredSession(storage: AuthStorage, session: StoredSession): void {
  const admin = session.kind === 'admin' ? session : null;
  const apikey = session.kind === 'apikey' ? session : null;
  setOrRemove(storage, authStorageKeys.adminToken, admin?.adminToken ?? null);
  setOrRemove(storage, authStorageKeys.apiKey, apikey?.apiKey ?? null);
  setOrRemove(storage, authStorageKeys.permissions, apikey?.permissions ? JSON.stringify(apikey.permissions) : null);
  setOrRemove(storage, authStorageKeys.keyInfo, apikey?.keyInfo ? JSON.stringify(apikey.keyInfo) : null);
}
