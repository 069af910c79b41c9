import { ErrorCode } from '../../src/shared/errors';
import { AppError } from '../lib/app-error';
import type { AdminAuth, ApiKeyAuth, Auth } from './auth.types';

const apiKeyInvalid = 'API key invalid or expired';

export function requireAdmin(auth: Auth): AdminAuth {
  if (auth.kind === 'admin') return auth;
  if (auth.kind === 'apikey') throw new AppError(ErrorCode.Forbidden, 'admin rights required');
  const { failure } = auth;
  if (failure !== undefined) throw new AppError(failure.code, failure.message, { retryAfterSeconds: failure.retryAfterSeconds });
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
