import type { ApiKeyPermissions } from '@shared/api/auth.schema';
import type { ErrorCode } from '@shared/errors';

/** Why credentials that were sent did not authenticate; raised only where auth is required. */
export type AuthFailure = { code: ErrorCode; message: string; retryAfterSeconds?: number };

/** `tokenHash`: the session's; null when the request carried the password itself (WebDAV's Basic). */
export type AdminAuth = { kind: 'admin'; adminId: string; username: string; tokenHash: string | null };

export type ApiKeyAuth = {
  kind: 'apikey';
  keyId: string;
  name: string;
  permissions: ApiKeyPermissions;
  basicPath: string;
  readOnly: boolean;
};

/** Who is calling. Built once per request by the auth middleware and handed to services. */
export type Auth = { kind: 'none'; failure?: AuthFailure } | AdminAuth | ApiKeyAuth;

export const anonymous: Auth = { kind: 'none' };

/** How a caller is written as the owner of what it creates (shares, uploads, requests). */
export function ownerTag(caller: AdminAuth | ApiKeyAuth): string {
  return caller.kind === 'admin' ? `admin:${caller.adminId}` : `apikey:${caller.keyId}`;
}
