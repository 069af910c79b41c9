import { ErrorCode } from '../../src/shared/errors';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { FailureLimiter } from '../lib/rate-limiter';

const fifteenMinutes = 15 * 60 * 1000;

/** Failure counters for every credential check: login, API keys and current-password checks. */
export type AuthLimiters = {
  loginByUsername: FailureLimiter;
  loginByIp: FailureLimiter;
  apiKeyByIp: FailureLimiter;
  passwordByAdmin: FailureLimiter;
  passwordByIp: FailureLimiter;
};

export function createAuthLimiters(clock: Clock): AuthLimiters {
  const perTarget = { max: 5, windowMs: fifteenMinutes };
  const perIp = { max: 20, windowMs: fifteenMinutes };
  return {
    loginByUsername: new FailureLimiter(perTarget, clock),
    loginByIp: new FailureLimiter(perIp, clock),
    apiKeyByIp: new FailureLimiter(perIp, clock),
    passwordByAdmin: new FailureLimiter(perTarget, clock),
    passwordByIp: new FailureLimiter(perIp, clock),
  };
}

/** Seconds to wait before any of the given (limiter, key) pairs allows another attempt. */
function retryAfter(...checks: [FailureLimiter, string][]): number {
  return Math.max(0, ...checks.map(([limiter, key]) => limiter.retryAfterSeconds(key)));
}

export function assertNotLimited(...checks: [FailureLimiter, string][]): void {
  const seconds = retryAfter(...checks);
  if (seconds > 0) throw rateLimited(seconds);
}

export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(ErrorCode.RateLimited, `too many failed attempts, try again in ${retryAfterSeconds} s`, {
    retryAfterSeconds,
  });
}
