// Attempt limits for share passwords (file shares and pastes): a hard limit per (IP, share) and
// per IP, and a far higher ceiling per share that only stops addresses that have already failed,
// as the admin login does: a spread-out guesser gets one more try per new address, while the
// rightful viewer, from an address with a clean record, still gets in.
import {
  reserveAttempt,
  type Attempt,
  type AttemptLimiter,
  type LimiterFactory,
  type LimitRule,
} from '@server/lib/rate-limiter';

const fifteenMinutes = 15 * 60 * 1000;

export type PasswordLimits = { perIpAndTarget: LimitRule; perIp: LimitRule; perTarget: LimitRule };

export const defaultPasswordLimits: PasswordLimits = {
  perIpAndTarget: { max: 10, windowMs: fifteenMinutes },
  perIp: { max: 30, windowMs: fifteenMinutes },
  perTarget: { max: 100, windowMs: fifteenMinutes },
};

export type PasswordLimiters = {
  byIpAndTarget: AttemptLimiter;
  byIp: AttemptLimiter;
  byTarget: AttemptLimiter;
};

/** `scope` names the limiters apart (file shares, pastes) when they are counted in the database. */
export function createPasswordLimiters(
  limiter: LimiterFactory,
  scope: string,
  limits: PasswordLimits = defaultPasswordLimits,
): PasswordLimiters {
  return {
    byIpAndTarget: limiter(`${scope}-password-ip-target`, limits.perIpAndTarget),
    byIp: limiter(`${scope}-password-ip`, limits.perIp),
    byTarget: limiter(`${scope}-password-target`, limits.perTarget),
  };
}

/**
 * Reserves one password attempt for `target` (a share id or slug) from `ip` before the argon2
 * check; throws 429 when any limit is reached. Call `succeeded()` on the right password.
 */
export async function reservePasswordAttempt(limiters: PasswordLimiters, ip: string, target: string): Promise<Attempt> {
  return reserveAttempt(
    { limiter: limiters.byIpAndTarget, key: JSON.stringify([ip, target]), resetOnSuccess: true },
    { limiter: limiters.byIp, key: ip },
    { limiter: limiters.byTarget, key: target, enforce: (await limiters.byIp.failures(ip)) > 0 },
  );
}
