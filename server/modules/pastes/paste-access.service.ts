// Who may create and manage pastes, and how a paste remembers its creator: `admin:<id>`,
// `apikey:<id>` (older rows may hold the bare key id) or `guest`.
import { ErrorCode } from '@shared/errors';
import type { OwnerFilter } from './paste.repo';
import { AppError } from '@server/lib/app-error';
import type { AttemptLimiter, LimiterFactory } from '@server/lib/rate-limiter';
import type { AdminAuth, ApiKeyAuth, Auth } from '@server/modules/auth/auth.types';
import { createPasswordLimiters, type PasswordLimiters } from '@server/lib/share-password-limits';

export const GUEST_OWNER = 'guest';

export type PasteLimiters = {
  guestCreateByIp: AttemptLimiter;
  password: PasswordLimiters;
};

const fifteenMinutes = 15 * 60 * 1000;

export function createPasteLimiters(limiter: LimiterFactory): PasteLimiters {
  return {
    guestCreateByIp: limiter('paste-guest-create-ip', { max: 10, windowMs: 60_000 }),
    password: createPasswordLimiters(limiter, 'paste', {
      perIpAndTarget: { max: 5, windowMs: fifteenMinutes },
      perIp: { max: 30, windowMs: fifteenMinutes },
      perTarget: { max: 100, windowMs: fifteenMinutes },
    }),
  };
}

/** The admin, or an API key with text permission; anyone else is refused (401 or 403). */
export function requireTextAccess(auth: Auth): AdminAuth | ApiKeyAuth {
  if (auth.kind === 'admin') return auth;
  if (auth.kind === 'apikey') {
    if (auth.permissions.text) return auth;
    throw new AppError(ErrorCode.Forbidden, 'this API key has no text permission');
  }
  const { failure } = auth;
  if (failure !== undefined)
    throw new AppError(failure.code, failure.message, { retryAfterSeconds: failure.retryAfterSeconds });
  throw new AppError(ErrorCode.Unauthorized, 'authentication required');
}

export function ownerTagOf(auth: AdminAuth | ApiKeyAuth): string {
  return auth.kind === 'admin' ? `admin:${auth.adminId}` : `apikey:${auth.keyId}`;
}

/** Admins reach every paste; a key only the pastes it created. */
export function ownerFilterOf(auth: AdminAuth | ApiKeyAuth): OwnerFilter {
  return auth.kind === 'admin' ? 'all' : [`apikey:${auth.keyId}`, auth.keyId];
}

export function canEdit(auth: Auth, createdBy: string | null): boolean {
  if (auth.kind === 'admin') return true;
  if (auth.kind !== 'apikey' || !auth.permissions.text || createdBy === null) return false;
  return createdBy === `apikey:${auth.keyId}` || createdBy === auth.keyId;
}
