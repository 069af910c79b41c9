import type { ApiKeyPermissions } from '@shared/api/auth.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import type { AdminAuth, ApiKeyAuth, Auth, AuthFailure } from './auth.types';

const apiKeyInvalid = 'API key invalid or expired';

export function requireAdmin(auth: Auth): AdminAuth {
  if (auth.kind === 'admin') return auth;
  if (auth.kind === 'apikey') throw new AppError(ErrorCode.Forbidden, 'admin rights required');
  const { failure } = auth;
  if (failure !== undefined)
    throw new AppError(failure.code, failure.message, { retryAfterSeconds: failure.retryAfterSeconds });
  throw new AppError(ErrorCode.Unauthorized, 'authentication required');
}

export function requireApiKey(auth: Auth): ApiKeyAuth {
  if (auth.kind === 'apikey') return auth;
  const failure = auth.kind === 'none' ? auth.failure : undefined;
  if (failure?.code === ErrorCode.RateLimited) {
    throw new AppError(failure.code, failure.message, { retryAfterSeconds: failure.retryAfterSeconds });
  }
  throw new AppError(ErrorCode.ApiKeyInvalid, apiKeyInvalid);
}

export type KeyPermission = keyof ApiKeyPermissions;

function unauthenticated(failure: AuthFailure | undefined): AppError {
  if (failure !== undefined)
    return new AppError(failure.code, failure.message, { retryAfterSeconds: failure.retryAfterSeconds });
  return new AppError(ErrorCode.Unauthorized, 'authentication required');
}

/** An admin (who holds every permission), or an API key holding `permission`; else 401/403. */
export function requireAdminOrKeyPermission(auth: Auth, permission: KeyPermission): AdminAuth | ApiKeyAuth {
  if (auth.kind === 'none') throw unauthenticated(auth.failure);
  if (auth.kind === 'apikey' && !auth.permissions[permission]) {
    throw new AppError(ErrorCode.Forbidden, `this API key lacks the ${permission} permission`);
  }
  return auth;
}
