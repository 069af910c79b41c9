// Behind a reverse proxy without TRUST_PROXY, every client shares the proxy's address, so one
// client's failed guesses rate-limit everyone. The first request that carries X-Forwarded-For
// while TRUST_PROXY is off logs one warning saying so; the dashboard shows it too.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { Logger } from '@server/lib/logger';

export class ProxyNotice {
  /** When a forwarded request was first seen without TRUST_PROXY; null while none was. */
  seenAt: string | null = null;
}

export function proxyNoticeWatch(notice: ProxyNotice, trustProxy: boolean, logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!trustProxy && notice.seenAt === null && c.req.header('x-forwarded-for') !== undefined) {
      notice.seenAt = new Date().toISOString();
      logger.warn(
        'requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is off: every client shares the proxy address, so rate limits hit all users together. Set TRUST_PROXY=true if this proxy is yours.',
      );
    }
    await next();
  };
}
