// The keys the auth session is stored under, apart from the code that parses them, for the page
// entry that only needs to know whether a session is stored (src/ui/app/first-request.ts,
// src/ui/app/session-preloads.ts).
export const authStorageKeys = {
  adminToken: 'admin_token',
  apiKey: 'api_key',
  permissions: 'api_key_permissions',
  keyInfo: 'api_key_info',
} as const;

/** Whether a session's credential is stored: not whether the server still takes it. */
export function hasStoredCredential(storage: Pick<Storage, 'getItem'>): boolean {
  return [authStorageKeys.adminToken, authStorageKeys.apiKey].some(
    (key) => (storage.getItem(key)?.trim() ?? '') !== '',
  );
}
