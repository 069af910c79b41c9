// Who a WebDAV request comes from: every request carries its
// own credentials — Basic with the admin's username and password or an API key as both user name
// and password, `Bearer` with an admin session, or `ApiKey`. Nothing is remembered by address: a
// request without credentials is a 401 with a Basic challenge, whoever sent the last one.
// Failed Basic passwords count against the admin login's attempt limits.
import type { Context } from 'hono';
import { ErrorCode } from '@shared/errors';
import type { AppEnv } from '@server/app-env';
import { AppError } from '@server/lib/app-error';
import { clientIp } from '@server/middleware/client-ip';
import type { AdminSessionService } from '@server/modules/auth/admin-session.service';
import type { ApiKeyAuthService } from '@server/modules/auth/api-key-auth.service';
import type { Auth } from '@server/modules/auth/auth.types';
import type { FsCaller } from '@server/modules/fs/fs-access.service';

export type WebdavAuthDeps = { sessions: AdminSessionService; apiKeys: ApiKeyAuthService; trustProxy: boolean };

/** Raised for a request that must authenticate (again); the answer carries the Basic challenge. */
export class WebdavChallenge extends Error {}

const schemeAndValue = /^(\S+)\s+(\S.*)$/;

export class WebdavAuth {
  constructor(private readonly deps: WebdavAuthDeps) {}

  /** The caller, who must be the admin or a key with the mount permission. */
  async caller(c: Context<AppEnv>): Promise<FsCaller> {
    const header = c.req.header('authorization');
    if (header === undefined) throw new WebdavChallenge('authentication required');
    const [, scheme = '', value = ''] = schemeAndValue.exec(header.trim()) ?? [];
    const ip = clientIp(c, this.deps.trustProxy);
    const kind = scheme.toLowerCase();
    let auth: Auth;
    if (kind === 'basic') auth = await this.#basic(value.trim(), ip);
    else if (kind === 'bearer') auth = await this.deps.sessions.authenticate(value.trim());
    else if (kind === 'apikey') auth = await this.deps.apiKeys.authenticate(value.trim(), ip);
    else throw new WebdavChallenge('unsupported Authorization scheme');
    if (auth.kind === 'none') {
      const failure = auth.failure;
      if (failure?.code === ErrorCode.RateLimited)
        throw new AppError(failure.code, failure.message, { retryAfterSeconds: failure.retryAfterSeconds });
      throw new WebdavChallenge(failure?.message ?? 'authentication required');
    }
    if (auth.kind === 'apikey' && !auth.permissions.mount)
      throw new AppError(ErrorCode.Forbidden, 'this API key lacks the mount permission');
    return auth;
  }

  /** An API key sent as both user name and password, else the admin's username and password. */
  async #basic(value: string, ip: string): Promise<Auth> {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon === -1) return { kind: 'none' };
    const username = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    if (username === '' || password === '') return { kind: 'none' };
    if (username === password) {
      const key = await this.deps.apiKeys.authenticate(password, ip);
      if (key.kind !== 'none' || key.failure?.code === ErrorCode.RateLimited) return key;
    }
    try {
      return await this.deps.sessions.checkPassword({ username, password }, ip, { remember: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return {
        kind: 'none',
        failure: { code: error.code, message: error.message, retryAfterSeconds: error.details.retryAfterSeconds },
      };
    }
  }
}
