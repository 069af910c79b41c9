// Attempt limits of every admin credential check. Login locks hard per (IP, username) and per
// IP. The username alone has a far higher ceiling, and it only stops addresses that have failed
// already: a spread-out attack gets one guess per address, while the admin, from an address with
// a clean record, can still sign in, so nobody can lock the admin out remotely.
import type { AttemptLimiter, LimiterFactory } from '@server/lib/rate-limiter';

const fifteenMinutes = 15 * 60 * 1000;

export type AuthLimiters = {
  loginByIpAndUsername: AttemptLimiter;
  loginByIp: AttemptLimiter;
  loginByUsername: AttemptLimiter;
  apiKeyByIp: AttemptLimiter;
  passwordByAdmin: AttemptLimiter;
  passwordByIp: AttemptLimiter;
};

export function createAuthLimiters(limiter: LimiterFactory): AuthLimiters {
  const perTarget = { max: 5, windowMs: fifteenMinutes };
  const perIp = { max: 20, windowMs: fifteenMinutes };
  return {
    loginByIpAndUsername: limiter('login-ip-user', perTarget),
    loginByIp: limiter('login-ip', perIp),
    loginByUsername: limiter('login-user', { max: 200, windowMs: fifteenMinutes }),
    apiKeyByIp: limiter('api-key-ip', perIp),
    passwordByAdmin: limiter('password-admin', perTarget),
    passwordByIp: limiter('password-ip', perIp),
  };
}
