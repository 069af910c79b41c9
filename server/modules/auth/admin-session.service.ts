// Admin login, logout and bearer-token checks. Only sha256(token) is stored; each login attempt
// is reserved per (IP, username), per IP and per username before the argon2 check (unknown users
// cost a dummy one), so parallel guesses get 429 instead of extra verifications.
import type { Repositories } from '@server/db/repositories';
import type { LoginRequest, LoginResponse } from '@shared/api/auth.schema';
import { ErrorCode } from '@shared/errors';
import { ADMIN_TOKEN_TTL_MS } from '@shared/limits';
import type { AdminTokenRepo } from './admin-token.repo';
import type { AdminRepo } from './admin.repo';
import type { SweepTask } from '@server/jobs/sweeper';
import { AppError } from '@server/lib/app-error';
import { TtlCache } from '@server/lib/cache/ttl-cache';
import { isoAt, type Clock } from '@server/lib/clock';
import { newToken, sha256Hex } from '@server/lib/crypto-random';
import { verifyAgainstDummy, verifyPassword } from '@server/lib/password';
import { reserveAttempt } from '@server/lib/rate-limiter';
import type { AuthLimiters } from './auth-limits';
import type { AdminAuth, Auth } from './auth.types';

const sessionExpired = 'admin session expired, please log in again';
const verifiedTtlMs = 5 * 60 * 1000;

function verifiedKey(admin: { id: string; password_hash: string }, password: string): string {
  return sha256Hex(JSON.stringify([admin.id, admin.password_hash, password]));
}

export class AdminSessionService {
  private readonly admins: AdminRepo;
  private readonly tokens: AdminTokenRepo;
  /**
   * Passwords checked recently, keyed by a hash of the account's current password hash and the
   * password sent: a client that sends its password with every request (WebDAV's Basic) costs one
   * argon2 check per few minutes, not one per request. Keyed by the credential, never by address;
   * a changed password changes the key.
   */
  readonly #verified: TtlCache<boolean>;

  constructor(
    repos: Pick<Repositories, 'adminTokens' | 'admins'>,
    private readonly clock: Clock,
    private readonly limiters: AuthLimiters,
  ) {
    this.admins = repos.admins;
    this.tokens = repos.adminTokens;
    this.#verified = new TtlCache(clock, { maxEntries: 64, defaultTtlMs: verifiedTtlMs });
  }

  async login(input: LoginRequest, ip: string): Promise<LoginResponse> {
    const admin = await this.checkPassword(input, ip);
    const token = newToken();
    const expiresAt = isoAt(this.clock, ADMIN_TOKEN_TTL_MS);
    await this.tokens.insert({
      token_hash: sha256Hex(token),
      admin_id: admin.adminId,
      expires_at: expiresAt,
      created_at: isoAt(this.clock),
    });
    return { username: admin.username, token, expiresAt };
  }

  /**
   * Checks a username and password under the login attempt limits, without starting a session:
   * the login above, and WebDAV's Basic authentication, which sends them with every request
   * (`remember`: a password checked in the last few minutes is accepted without a new argon2 check).
   */
  async checkPassword(input: LoginRequest, ip: string, { remember = false } = {}): Promise<AdminAuth> {
    if (remember) {
      const known = await this.admins.findByUsername(input.username);
      if (known !== undefined && this.#verified.get(verifiedKey(known, input.password)) === true) {
        return { kind: 'admin', adminId: known.id, username: known.username, tokenHash: null };
      }
    }
    const { loginByIpAndUsername, loginByIp, loginByUsername } = this.limiters;
    const userKey = input.username.toLowerCase();
    const attempt = await reserveAttempt(
      { limiter: loginByIpAndUsername, key: JSON.stringify([ip, userKey]), resetOnSuccess: true },
      { limiter: loginByIp, key: ip },
      { limiter: loginByUsername, key: userKey, enforce: (await loginByIp.failures(ip)) > 0 },
    );

    const admin = await this.admins.findByUsername(input.username);
    const valid =
      admin === undefined
        ? await verifyAgainstDummy(input.password)
        : await verifyPassword(admin.password_hash, input.password);
    if (admin === undefined || !valid) throw new AppError(ErrorCode.InvalidCredentials, 'invalid username or password');

    await attempt.succeeded();
    if (remember) this.#verified.set(verifiedKey(admin, input.password), true);
    return { kind: 'admin', adminId: admin.id, username: admin.username, tokenHash: null };
  }

  async logout(auth: AdminAuth): Promise<void> {
    if (auth.tokenHash !== null) await this.tokens.delete(auth.tokenHash);
  }

  /** Resolves a bearer token; expired tokens are deleted on sight. */
  async authenticate(token: string): Promise<Auth> {
    const tokenHash = sha256Hex(token);
    const row = await this.tokens.findWithUser(tokenHash);
    if (row === undefined) return { kind: 'none', failure: { code: ErrorCode.TokenExpired, message: sessionExpired } };
    if (row.expires_at <= isoAt(this.clock)) {
      await this.tokens.delete(tokenHash);
      return { kind: 'none', failure: { code: ErrorCode.TokenExpired, message: sessionExpired } };
    }
    return { kind: 'admin', adminId: row.admin_id, username: row.username, tokenHash };
  }
}

/** The sweeper's token task: sessions that ended without a logout are deleted once expired. */
export function adminTokenSweepTask(repos: Pick<Repositories, 'adminTokens' | 'admins'>): SweepTask {
  const repo = repos.adminTokens;
  return { name: 'admin-tokens', run: (now) => repo.deleteExpired(new Date(now).toISOString()) };
}
