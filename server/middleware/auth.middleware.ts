// Turns the Authorization header into an Auth object for every /api request. Bad credentials do
// not fail here: public routes treat the caller as anonymous and guarded routes raise the failure.
import type { MiddlewareHandler } from 'hono';
import { ErrorCode } from '@shared/errors';
import type { AppEnv } from '@server/app-env';
import type { AdminSessionService } from '@server/modules/auth/admin-session.service';
import type { ApiKeyAuthService } from '@server/modules/auth/api-key-auth.service';
import { anonymous, type Auth } from '@server/modules/auth/auth.types';
import { clientIp } from './client-ip';

export type AuthMiddlewareDeps = {
  sessions: AdminSessionService;
  apiKeys: ApiKeyAuthService;
  trustProxy: boolean;
};

const schemeAndValue = /^(\S+)\s+(\S.*)$/;

export function authenticate({ sessions, apiKeys, trustProxy }: AuthMiddlewareDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    let auth: Auth = anonymous;
    if (header !== undefined) {
      const [, scheme = '', value = ''] = schemeAndValue.exec(header.trim()) ?? [];
      const kind = scheme.toLowerCase();
      if (kind === 'bearer') auth = await sessions.authenticate(value.trim());
      else if (kind === 'apikey') auth = await apiKeys.authenticate(value.trim(), clientIp(c, trustProxy));
      else
        auth = { kind: 'none', failure: { code: ErrorCode.Unauthorized, message: 'unsupported Authorization scheme' } };
    }
    c.set('auth', auth);
    await next();
  };
}
