// Cross-origin access to /api/*, so a web app served from another address (the admin's
// environment switcher, a separate static host) can use this server. Credentials travel in the
// Authorization header, never in cookies, so any origin may call; no request carries ambient
// authority. Local-driver blob uploads need ETag exposed, downloads the range headers.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../app-env';
import { IDEMPOTENCY_HEADER } from '../lib/idempotency';

export function apiCors(): MiddlewareHandler<AppEnv> {
  return cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', IDEMPOTENCY_HEADER, 'Range'],
    exposeHeaders: ['ETag', 'Content-Range', 'Content-Length', 'Content-Disposition', 'Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });
}
