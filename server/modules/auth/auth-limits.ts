// Attempt limits of every admin credential check. Login locks hard per (IP, username) and per
// IP. The username alone has a far higher ceiling, and it only stops addresses that have failed
// already: a spread-out attack gets one guess per address, while the admin, from an address with
// a clean record, can still sign in, so nobody can lock the admin out remotely.
import type { Clock } from '@server/lib/clock';
import { FailureLimiter } from '@server/lib/rate-limiter';

const fifteenMinutes = 15 * 60 * 1000;

export type AuthLimiters = {
  loginByIpAndUsername: FailureLimiter;
  loginByIp: FailureLimiter;
  loginByUsername: FailureLimiter;
  apiKeyByIp: FailureLimiter;
  passwordByAdmin: FailureLimiter;
  passwordByIp: FailureLimiter;
};

export function createAuthLimiters(clock: Clock): AuthLimiters {
  const perTarget = { max: 5, windowMs: fifteenMinutes };
  const perIp = { max: 20, windowMs: fifteenMinutes };
  return {
    loginByIpAndUsername: new FailureLimiter(perTarget, clock),
    loginByIp: new FailureLimiter(perIp, clock),
    loginByUsername: new FailureLimiter({ max: 200, windowMs: fifteenMinutes }, clock),
    apiKeyByIp: new FailureLimiter(perIp, clock),
    passwordByAdmin: new FailureLimiter(perTarget, clock),
    passwordByIp: new FailureLimiter(perIp, clock),
  };
}
